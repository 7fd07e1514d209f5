import type { Localized } from './languages.js';

/** Messages any call can answer: not found, in use, invalid values, access and the request itself. */
export const COMMON_MESSAGES = {
  // Generic
  notFound: {
    zh: '{entity} {id} 不存在',
    en: '{entity} {id} not found',
    es: '{entity} {id} no existe',
    ja: '{entity} {id} が見つかりません',
  },
  notFoundAny: {
    zh: '{entity}不存在',
    en: '{entity} not found',
    es: '{entity} no existe',
    ja: '{entity}が見つかりません',
  },
  stillInUseReload: {
    zh: '{entity} {id} 仍在使用中，请刷新后重试',
    en: '{entity} {id} is still in use; reload and try again',
    es: '{entity} {id} todavía está en uso; recargue e inténtelo de nuevo',
    ja: '{entity} {id} はまだ使用中です。再読み込みしてやり直してください',
  },
  codeTaken: {
    zh: '编码 {code} 已存在',
    en: 'the code {code} exists',
    es: 'el código {code} ya existe',
    ja: 'コード {code} は既に存在します',
  },
  oneOf: {
    zh: '必须是 {values} 之一',
    en: 'must be one of {values}',
    es: 'debe ser uno de {values}',
    ja: '{values} のいずれかである必要があります',
  },
  invalidValue: {
    zh: '无效',
    en: 'is invalid',
    es: 'no es válido',
    ja: '無効です',
  },

  // Access and the request itself
  noSession: {
    zh: '未登录或登录已过期',
    en: 'Not signed in or the session has expired',
    es: 'No ha iniciado sesión o la sesión ha caducado',
    ja: 'ログインしていないか、セッションの有効期限が切れています',
  },
  permissionDenied: {
    zh: '没有权限',
    en: 'Permission denied',
    es: 'Permiso denegado',
    ja: '権限がありません',
  },
  permissionDeniedNeeds: {
    zh: '没有权限：需要 {keys}',
    en: 'Permission denied: needs {keys}',
    es: 'Permiso denegado: se necesita {keys}',
    ja: '権限がありません：{keys} が必要です',
  },
  permissionDeniedNeedsRole: {
    zh: '没有权限：需要角色 {role}',
    en: 'Permission denied: needs role {role}',
    es: 'Permiso denegado: se necesita el rol {role}',
    ja: '権限がありません：ロール {role} が必要です',
  },
  routeWithoutAccess: {
    zh: '此接口未声明访问规则',
    en: 'This route declares no access rule',
    es: 'Esta ruta no declara ninguna regla de acceso',
    ja: 'このルートにはアクセス規則が宣言されていません',
  },
  crossSiteRefused: {
    zh: '已拒绝跨站请求',
    en: 'Cross-site request refused',
    es: 'Solicitud entre sitios rechazada',
    ja: 'クロスサイトリクエストは拒否されました',
  },
  browserLoadRefused: {
    zh: '接口只响应应用脚本发出的调用：已拒绝浏览器以 {dest} 方式加载',
    en: 'The API answers only calls made by the app: a browser load as {dest} is refused',
    es: 'La API solo responde a las llamadas de la aplicación: se rechaza una carga del navegador como {dest}',
    ja: 'API はアプリのスクリプトからの呼び出しにのみ応答します：{dest} としてのブラウザー読み込みは拒否されました',
  },
  formBodyRefused: {
    zh: '此处不接受 {type}，请发送 application/json',
    en: '{type} is not accepted here; send application/json',
    es: '{type} no se acepta aquí; envíe application/json',
    ja: 'ここでは {type} を受け付けません。application/json を送信してください',
  },
  loneSurrogate: {
    zh: '含有孤立的 UTF-16 代理项（半个字符），不是有效文本',
    en: 'holds a lone UTF-16 surrogate (half of a character), which is not valid text',
    es: 'contiene un sustituto UTF-16 aislado (medio carácter), que no es texto válido',
    ja: '孤立した UTF-16 サロゲート（文字の半分）を含んでおり、有効なテキストではありません',
  },
  multipartUnreadable: {
    zh: '不是可读取的 multipart 表单（{detail}）',
    en: 'not a readable multipart form ({detail})',
    es: 'no es un formulario multipart legible ({detail})',
    ja: '読み取れる multipart フォームではありません（{detail}）',
  },
  badUrl: {
    zh: '不是有效的 URL（% 编码有误）',
    en: 'not a valid URL (broken % encoding)',
    es: 'no es una URL válida (codificación % incorrecta)',
    ja: '有効な URL ではありません（% エンコードが壊れています）',
  },
  pathParamTooLong: {
    zh: '路径参数过长',
    en: 'a path parameter is too long',
    es: 'un parámetro de la ruta es demasiado largo',
    ja: 'パスのパラメーターが長すぎます',
  },
  htmlTooManyElements: {
    zh: '包含超过 {max} 个元素，请拆分',
    en: 'holds more than {max} elements; split it up',
    es: 'contiene más de {max} elementos; divídalo',
    ja: '{max} 個を超える要素を含んでいます。分割してください',
  },
  htmlTooDeep: {
    zh: '元素嵌套超过 {max} 层',
    en: 'nests elements more than {max} levels deep',
    es: 'anida elementos más de {max} niveles de profundidad',
    ja: '要素の入れ子が {max} 階層を超えています',
  },
  routeNotFound: {
    zh: '接口 {method} {url} 不存在',
    en: 'No such endpoint: {method} {url}',
    es: 'No existe el punto de acceso {method} {url}',
    ja: 'エンドポイント {method} {url} は存在しません',
  },
  malformedJson: {
    zh: '请求体不是有效的 JSON',
    en: 'the body is not valid JSON',
    es: 'el cuerpo no es un JSON válido',
    ja: '本文が有効な JSON ではありません',
  },
  emptyJsonBody: {
    zh: '声明为 JSON 的请求体为空',
    en: 'the body is declared as JSON but is empty',
    es: 'el cuerpo se declara como JSON pero está vacío',
    ja: '本文は JSON と宣言されていますが空です',
  },
  bodyTooLarge: {
    zh: '请求体过大',
    en: 'the request body is too large',
    es: 'el cuerpo de la solicitud es demasiado grande',
    ja: 'リクエスト本文が大きすぎます',
  },
  unsupportedContentType: {
    zh: '不支持的内容类型 {type}',
    en: 'unsupported content type {type}',
    es: 'tipo de contenido no admitido {type}',
    ja: 'サポートされていないコンテンツタイプ {type}',
  },
  tooManyRequests: {
    zh: '请求过于频繁，请 {seconds} 秒后再试',
    en: 'Too many requests; try again in {seconds} s',
    es: 'Demasiadas solicitudes; inténtelo de nuevo en {seconds} s',
    ja: 'リクエストが多すぎます。{seconds} 秒後に再試行してください',
  },
  badRequest: {
    zh: '无效的请求',
    en: 'Bad request',
    es: 'Solicitud no válida',
    ja: '不正なリクエストです',
  },
  internalError: {
    zh: '服务器内部错误（请求 {requestId}）',
    en: 'Internal error (request {requestId})',
    es: 'Error interno (solicitud {requestId})',
    ja: '内部エラー（リクエスト {requestId}）',
  },
} as const satisfies Record<string, Localized>;
