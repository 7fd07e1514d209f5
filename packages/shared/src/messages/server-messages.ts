/**
 * Every message the server sends a user, in each language the web offers. The server picks the
 * request's language (Accept-Language, else en: spec §2); `{name}` placeholders are filled from
 * the error's parameters. A message about one field is shown after the field's label
 * (FIELD_LABELS), so the texts here say only what is wrong with it.
 */
export const MESSAGE_LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export type Localized = Readonly<Record<MessageLanguage, string>>;

export const SERVER_MESSAGES = {
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

  // Taking exams (issue 13)
  notAStudent: {
    zh: '只有考生账号可以参加考试',
    en: 'only a student account can take an exam',
    es: 'solo una cuenta de candidato puede realizar un examen',
    ja: '受験できるのは受験者アカウントだけです',
  },
  notYourExam: {
    zh: '您不是考试 {id} 的考生',
    en: 'you are not a candidate of exam {id}',
    es: 'no es candidato del examen {id}',
    ja: 'あなたは試験 {id} の受験者ではありません',
  },
  examNotOpenYet: {
    zh: '考试尚未开始，开考时间 {start}',
    en: 'the exam has not opened yet: it opens at {start}',
    es: 'el examen aún no ha comenzado: comienza el {start}',
    ja: '試験はまだ始まっていません。開始は {start} です',
  },
  examClosedForStart: {
    zh: '考试已于 {end} 结束',
    en: 'the exam closed at {end}',
    es: 'el examen terminó el {end}',
    ja: '試験は {end} に終了しました',
  },
  lateEntryOver: {
    zh: '已超过迟到限制：{until} 之后不能再开始作答',
    en: 'too late to start: no one may start after {until}',
    es: 'demasiado tarde para empezar: nadie puede empezar después de {until}',
    ja: '遅刻の制限を過ぎました。{until} 以降は開始できません',
  },
  accessCodeWrong: {
    zh: '考试口令不正确',
    en: 'the access code is not right',
    es: 'el código de acceso no es correcto',
    ja: '受験パスワードが正しくありません',
  },
  accessCodeWrongTries: {
    zh: '考试口令不正确，锁定前还可以尝试 {left} 次',
    en: 'the access code is not right; tries left before a lock: {left}',
    es: 'el código de acceso no es correcto; intentos antes del bloqueo: {left}',
    ja: '受験パスワードが正しくありません。ロックまであと {left} 回試せます',
  },
  accessCodeLocked: {
    zh: '考试口令错误次数过多，{until} 之前不能开始本场考试，监考员已收到通知',
    en: 'too many wrong access codes: this exam cannot be started before {until}; the proctor has been told',
    es: 'demasiados códigos de acceso erróneos: este examen no se puede empezar antes de {until}; se ha avisado al supervisor',
    ja: '受験パスワードの誤りが多すぎます。{until} まではこの試験を開始できません。監督者に通知しました',
  },
  noticeNotOpened: {
    zh: '请先打开并阅读考试须知，再开始作答',
    en: 'open and read the exam notice before starting',
    es: 'abra y lea las instrucciones del examen antes de empezar',
    ja: '開始する前に受験上の注意を開いて読んでください',
  },
  noticeReadingTime: {
    zh: '请继续阅读考试须知，{seconds} 秒后才能开始作答',
    en: 'keep reading the exam notice: the exam can be started in {seconds} s',
    es: 'siga leyendo las instrucciones: podrá empezar el examen dentro de {seconds} s',
    ja: '受験上の注意を読み続けてください。あと {seconds} 秒で開始できます',
  },
  addressNotAllowed: {
    zh: '不能从当前地址 {ip} 参加本场考试，请在指定考场作答',
    en: 'this exam cannot be taken from your address {ip}: take it in the exam room',
    es: 'este examen no se puede realizar desde su dirección {ip}: hágalo en la sala de examen',
    ja: '現在のアドレス {ip} からはこの試験を受けられません。指定の試験会場で受験してください',
  },
  attemptEnded: {
    zh: '答卷已于 {at} 交卷，不能再作答',
    en: 'the attempt ended at {at}: nothing more can be answered',
    es: 'el intento terminó el {at}: ya no se puede responder',
    ja: '答案は {at} に提出済みです。これ以上解答できません',
  },
  attemptNotFinished: {
    zh: '答卷 {id} 尚未交卷，还没有成绩',
    en: 'attempt {id} has not been submitted yet: there is no result',
    es: 'el intento {id} aún no se ha entregado: todavía no hay resultado',
    ja: '答案 {id} はまだ提出されていないため、結果はありません',
  },
  timeUp: {
    zh: '考试时间已到（{deadline}），此答案未保存',
    en: 'time ran out at {deadline}: this answer was not saved',
    es: 'el tiempo terminó a las {deadline}: esta respuesta no se guardó',
    ja: '試験時間は {deadline} に終了しました。この解答は保存されていません',
  },
  takenOver: {
    zh: '本场考试已在另一个窗口或设备上继续作答，此处不能再保存答案',
    en: 'the exam was taken over in another tab or device: answers can no longer be saved here',
    es: 'el examen continuó en otra pestaña o dispositivo: aquí ya no se guardan respuestas',
    ja: '別のタブまたは端末で受験が引き継がれたため、ここでは解答を保存できません',
  },
  takeoverRefused: {
    zh: '本场考试已在另一个设备上作答，不允许在第二个设备上继续',
    en: 'the exam is being taken on another device, and this exam does not allow a second one',
    es: 'el examen se está realizando en otro dispositivo y este examen no permite un segundo',
    ja: 'この試験は別の端末で受験中で、2 台目の端末からの受験は許可されていません',
  },
  eventsTooFast: {
    zh: '考试页面上报事件过于频繁，此事件未记录，请 {seconds} 秒后再试',
    en: 'the exam page reported events too fast: this one was not recorded; try again in {seconds} s',
    es: 'la página del examen informó eventos demasiado rápido: este no se registró; vuelva a intentarlo en {seconds} s',
    ja: '試験ページからのイベント報告が多すぎるため、このイベントは記録されませんでした。{seconds} 秒後に再試行してください',
  },
  sessionEnded: {
    zh: '登录已结束（已退出、密码已重置或账号已停用），请重新登录后继续考试',
    en: 'your session ended (signed out, password reset or account disabled): sign in again to continue the exam',
    es: 'su sesión terminó (cerró sesión, se restableció la contraseña o se desactivó la cuenta): inicie sesión de nuevo para continuar el examen',
    ja: 'ログインが終了しました（ログアウト、パスワードのリセット、またはアカウントの無効化）。試験を続けるには再度ログインしてください',
  },
  // Relative: the server's clock zone need not be the candidate's.
  submitTooEarly: {
    zh: '{minutes} 分钟后才能交卷',
    en: 'submitting is allowed in {minutes} min',
    es: 'se podrá entregar dentro de {minutes} min',
    ja: '提出できるのは {minutes} 分後からです',
  },
  itemNotInPaper: {
    zh: '试卷中没有题目 {itemId}',
    en: 'the paper has no question {itemId}',
    es: 'el examen no tiene la pregunta {itemId}',
    ja: '試験問題に設問 {itemId} はありません',
  },
  answerShape: {
    zh: '题目 {itemId} 不能接受这样的答案',
    en: 'question {itemId} cannot take this answer',
    es: 'la pregunta {itemId} no admite esta respuesta',
    ja: '設問 {itemId} はこの解答を受け付けません',
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

  // Exam structure (school, department, subject, classes)
  schoolHasDepartments: {
    zh: '考试项目“{name}”下还有 {count} 个职业类别，请先删除或移走',
    en: "Exam project '{name}' still has job-type categories ({count}); delete or move them first",
    es: "El proyecto de examen '{name}' aún tiene categorías profesionales ({count}); elimínelas o muévalas primero",
    ja: '試験プロジェクト「{name}」にはまだ職業分類が {count} 件あります。先に削除または移動してください',
  },
  departmentHasSubjects: {
    zh: '职业类别“{name}”下还有 {count} 个申报工种，请先删除或移走',
    en: "Job-type category '{name}' still has job types ({count}); delete or move them first",
    es: "La categoría profesional '{name}' aún tiene ocupaciones ({count}); elimínelas o muévalas primero",
    ja: '職業分類「{name}」にはまだ受験職種が {count} 件あります。先に削除または移動してください',
  },
  subjectInUse: {
    zh: '申报工种“{name}”仍被 {classes} 个报名批次和 {knowledge} 个课程或鉴定点使用，请先删除它们',
    en: "Job type '{name}' is still used by registration batches ({classes}) and courses or appraisal points ({knowledge}); delete them first",
    es: "La ocupación '{name}' todavía la usan convocatorias ({classes}) y cursos o puntos de evaluación ({knowledge}); elimínelos primero",
    ja: '受験職種「{name}」はまだ申込回次 {classes} 件とコースまたは評価項目 {knowledge} 件で使われています。先に削除してください',
  },
  subjectLevelsInUse: {
    zh: '申报工种“{name}”的等级 {levels} 仍被 {classes} 个报名批次和 {knowledge} 个课程或鉴定点使用',
    en: "level {levels} of job type '{name}' is still used by registration batches ({classes}) and courses or appraisal points ({knowledge})",
    es: "el nivel {levels} de la ocupación '{name}' todavía lo usan convocatorias ({classes}) y cursos o puntos de evaluación ({knowledge})",
    ja: '受験職種「{name}」の等級 {levels} はまだ申込回次 {classes} 件とコースまたは評価項目 {knowledge} 件で使われています',
  },
  subjectOffersLevels: {
    zh: '申报工种“{name}”只有等级 {levels}',
    en: "job type '{name}' offers only level {levels}",
    es: "la ocupación '{name}' solo ofrece el nivel {levels}",
    ja: '受験職種「{name}」には等級 {levels} しかありません',
  },
  classHasStudentsNoMove: {
    zh: '报名批次“{name}”已有 {count} 名考生，不能更改其工种和等级',
    en: "Registration batch '{name}' has students ({count}); its job type and level cannot change",
    es: "La convocatoria '{name}' tiene candidatos ({count}); su ocupación y nivel no pueden cambiar",
    ja: '申込回次「{name}」には受験者が {count} 名います。職種と等級は変更できません',
  },
  classCapacityBelowStudents: {
    zh: '报名批次“{name}”已有 {count} 名考生',
    en: "registration batch '{name}' already has students ({count})",
    es: "la convocatoria '{name}' ya tiene candidatos ({count})",
    ja: '申込回次「{name}」には既に受験者が {count} 名います',
  },
  classHasStudents: {
    zh: '报名批次“{name}”下还有 {count} 名考生，请先移走或删除',
    en: "Registration batch '{name}' still has students ({count}); move or delete them first",
    es: "La convocatoria '{name}' aún tiene candidatos ({count}); muévalos o elimínelos primero",
    ja: '申込回次「{name}」にはまだ受験者が {count} 名います。先に移動または削除してください',
  },
  notTeachers: {
    zh: '用户 {ids} 不是教师（用户类型 2）',
    en: 'user {ids} is not a teacher (userType 2)',
    es: 'el usuario {ids} no es profesor (tipo de usuario 2)',
    ja: 'ユーザー {ids} は教師（ユーザー種別 2）ではありません',
  },
  usersOrBatchNotFound: {
    zh: '用户 {ids} 或报名批次 {classId} 不存在',
    en: 'User {ids} or registration batch {classId} not found',
    es: 'El usuario {ids} o la convocatoria {classId} no existe',
    ja: 'ユーザー {ids} または申込回次 {classId} が見つかりません',
  },
  notBefore: {
    zh: '不能早于{other}',
    en: 'must not be before {other}',
    es: 'no debe ser anterior a {other}',
    ja: '{other}より前にはできません',
  },
  dateOrDateTime: {
    zh: '必须是日期（YYYY-MM-DD）或 ISO-8601 日期时间',
    en: 'must be a date (YYYY-MM-DD) or an ISO-8601 date-time',
    es: 'debe ser una fecha (AAAA-MM-DD) o una fecha y hora ISO-8601',
    ja: '日付（YYYY-MM-DD）または ISO-8601 の日時である必要があります',
  },
  isoDate: {
    zh: '必须是 ISO-8601 日期',
    en: 'must be an ISO-8601 date',
    es: 'debe ser una fecha ISO-8601',
    ja: 'ISO-8601 の日付である必要があります',
  },
  httpUrlOrPath: {
    zh: '必须是 http(s) 地址或以 / 开头的路径',
    en: 'must be an http(s) URL or a path starting with /',
    es: 'debe ser una URL http(s) o una ruta que empiece por /',
    ja: 'http(s) の URL か / で始まるパスである必要があります',
  },
  httpUrl: {
    zh: '必须是 http:// 或 https:// 地址',
    en: 'must be an http:// or https:// address',
    es: 'debe ser una dirección http:// o https://',
    ja: 'http:// または https:// のアドレスである必要があります',
  },
  onlyCharacters: {
    zh: '只能包含字母、数字和 {chars}',
    en: 'may hold only letters, digits and {chars}',
    es: 'solo puede contener letras, dígitos y {chars}',
    ja: '英字、数字、{chars} のみ使用できます',
  },
  upperCaseKey: {
    zh: '必须以大写字母开头，只能包含大写字母、数字和 {chars}',
    en: 'must be upper-case letters, digits and {chars}, starting with a letter',
    es: 'debe tener letras mayúsculas, dígitos y {chars}, empezando por una letra',
    ja: '英大文字で始まり、英大文字、数字、{chars} のみ使用できます',
  },
  clientHash: {
    zh: '必须是密码的客户端哈希（32 位小写十六进制）',
    en: 'must be the client hash of the password (32 lowercase hex digits)',
    es: 'debe ser el hash de cliente de la contraseña (32 dígitos hexadecimales en minúscula)',
    ja: 'パスワードのクライアントハッシュ（小文字 16 進数 32 桁）である必要があります',
  },
  mobilePhone: {
    zh: '必须是以 13 至 19 开头的 11 位手机号，或留空',
    en: 'must be an 11-digit mobile number starting with 13 to 19, or empty',
    es: 'debe ser un número móvil de 11 dígitos que empiece por 13 a 19, o vacío',
    ja: '13〜19 で始まる 11 桁の携帯番号か、空欄である必要があります',
  },
  gender: {
    zh: '必须是 0（未知）、1（男）或 2（女）',
    en: 'must be 0 (unknown), 1 (male) or 2 (female)',
    es: 'debe ser 0 (desconocido), 1 (hombre) o 2 (mujer)',
    ja: '0（不明）、1（男性）、2（女性）のいずれかである必要があります',
  },
  atLeastOne: {
    zh: '至少选择一项',
    en: 'must name at least one',
    es: 'debe indicar al menos uno',
    ja: '少なくとも 1 件指定してください',
  },
  requiredWhenRejecting: {
    zh: '驳回时必填',
    en: 'required when rejecting',
    es: 'obligatorio al rechazar',
    ja: '差し戻す場合は必須です',
  },
  atMostTwoDecimals: {
    zh: '最多两位小数',
    en: 'may have at most two decimals',
    es: 'puede tener como máximo dos decimales',
    ja: '小数点以下は 2 桁までです',
  },

  // Signing in
  tooManyFailedSignIns: {
    zh: '此账号从您的地址登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins for this account from your address; try again in {minutes} minute(s)',
    es: 'Demasiados intentos fallidos para esta cuenta desde su dirección; inténtelo de nuevo en {minutes} minuto(s)',
    ja: 'このアドレスからのこのアカウントへのログイン失敗が多すぎます。{minutes} 分後に再試行してください',
  },
  captchaExpired: {
    zh: '验证码已过期，请重新获取',
    en: 'the captcha has expired; load a new one',
    es: 'el código de verificación ha caducado; cargue uno nuevo',
    ja: '認証コードの有効期限が切れました。新しいものを読み込んでください',
  },
  captchaWrong: {
    zh: '验证码错误',
    en: 'the captcha code is wrong',
    es: 'el código de verificación es incorrecto',
    ja: '認証コードが間違っています',
  },
  wrongCredentials: {
    zh: '用户名或密码错误',
    en: 'the username or password is wrong',
    es: 'el nombre de usuario o la contraseña son incorrectos',
    ja: 'ユーザー名またはパスワードが間違っています',
  },
  tooManyFailedSignInsFromAddress: {
    zh: '您的地址登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins from your address; try again in {minutes} minute(s)',
    es: 'Demasiados inicios de sesión fallidos desde su dirección; inténtelo de nuevo en {minutes} minuto(s)',
    ja: 'このアドレスからのログイン失敗が多すぎます。{minutes} 分後に再試行してください',
  },

  // Roles
  cannotGrantUnheldKeys: {
    zh: '没有权限：不能授予您自己没有的权限：{keys}',
    en: 'Permission denied: you cannot grant what you do not hold yourself: {keys}',
    es: 'Permiso denegado: no puede conceder lo que usted mismo no tiene: {keys}',
    ja: '権限がありません：自分が持っていない権限は付与できません：{keys}',
  },
  ownRoleUnchangeable: {
    zh: '没有权限：角色 {key} 是您自己的角色，须由其他管理员修改',
    en: 'Permission denied: role {key} is one of your own roles; another administrator must change it',
    es: 'Permiso denegado: el rol {key} es uno de sus propios roles; debe cambiarlo otro administrador',
    ja: '権限がありません：ロール {key} はご自身のロールです。別の管理者が変更する必要があります',
  },
  roleGrantsUnheld: {
    zh: '没有权限：角色 {key} 含有您没有的权限 {keys}',
    en: 'Permission denied: role {key} grants {keys}, which you do not hold',
    es: 'Permiso denegado: el rol {key} concede {keys}, que usted no tiene',
    ja: '権限がありません：ロール {key} はあなたが持っていない {keys} を付与します',
  },
  userHoldsUnheld: {
    zh: '没有权限：用户 {name} 拥有您没有的权限 {keys}',
    en: 'Permission denied: user {name} holds {keys}, which you do not hold',
    es: 'Permiso denegado: el usuario {name} tiene {keys}, que usted no tiene',
    ja: '権限がありません：ユーザー {name} はあなたが持っていない {keys} を持っています',
  },
  roleKeyTaken: {
    zh: '角色标识 {key} 已存在',
    en: 'a role with key {key} exists',
    es: 'ya existe un rol con la clave {key}',
    ja: 'キー {key} のロールは既に存在します',
  },
  roleBuiltInKey: {
    zh: '{key} 是内置角色，其标识不能修改',
    en: '{key} is a built-in role; its key cannot change',
    es: '{key} es un rol integrado; su clave no puede cambiar',
    ja: '{key} は組み込みロールです。キーは変更できません',
  },
  roleBuiltInDelete: {
    zh: '{key} 是内置角色，不能删除',
    en: '{key} is a built-in role and cannot be deleted',
    es: '{key} es un rol integrado y no se puede eliminar',
    ja: '{key} は組み込みロールのため削除できません',
  },
  roleHeld: {
    zh: '角色“{name}”仍被 {count} 个用户持有，请先解除绑定',
    en: 'Role "{name}" is still held by {count} user(s); unbind them first',
    es: 'El rol "{name}" todavía lo tienen {count} usuario(s); desvincúlelos primero',
    ja: 'ロール「{name}」はまだ {count} 人のユーザーが持っています。先に解除してください',
  },
  superAdminPermissionsFixed: {
    zh: 'SUPER_ADMIN 拥有全部权限，其权限不能修改',
    en: 'SUPER_ADMIN holds every permission; its permissions cannot be changed',
    es: 'SUPER_ADMIN tiene todos los permisos; sus permisos no se pueden cambiar',
    ja: 'SUPER_ADMIN はすべての権限を持つため、権限は変更できません',
  },
  rolesNotYours: {
    zh: '没有权限：角色 {roles} 不属于您',
    en: 'Permission denied: roles {roles} are not yours',
    es: 'Permiso denegado: los roles {roles} no son suyos',
    ja: '権限がありません：ロール {roles} はあなたのものではありません',
  },

  // Base data: courses and appraisal points
  knowledgeCodeTaken: {
    zh: '“{code}”已在此工种和等级中使用',
    en: '"{code}" is already used for this job type and level',
    es: '"{code}" ya se usa para esta ocupación y nivel',
    ja: '「{code}」はこの職種と等級で既に使われています',
  },
  knowledgeCodeTakenBy: {
    zh: '“{code}”已被“{holder}”在此工种和等级中使用',
    en: '"{code}" is already used by "{holder}" for this job type and level',
    es: '"{code}" ya lo usa "{holder}" para esta ocupación y nivel',
    ja: '「{code}」はこの職種と等級で「{holder}」が既に使っています',
  },
  knowledgeTypeFixed: {
    zh: '{id} 是{type}，类型不能修改',
    en: '{id} is a {type}; its type cannot change',
    es: '{id} es un {type}; su tipo no puede cambiar',
    ja: '{id} は{type}です。種類は変更できません',
  },
  courseHasPoints: {
    zh: '课程“{name}”下还有 {count} 个鉴定点，请先删除或移走',
    en: 'Course "{name}" still has {count} appraisal point(s); delete or move them first',
    es: 'El curso "{name}" aún tiene {count} punto(s) de evaluación; elimínelos o muévalos primero',
    ja: 'コース「{name}」にはまだ評価項目が {count} 件あります。先に削除または移動してください',
  },
  knowledgeUsedByQuestions: {
    zh: '{what}“{name}”仍被 {count} 道试题使用，请先移走或删除这些试题',
    en: '{what} "{name}" is used by {count} question(s); move or delete them first',
    es: '{what} "{name}" lo usan {count} pregunta(s); muévalas o elimínelas primero',
    ja: '{what}「{name}」は {count} 問の問題で使われています。先に移動または削除してください',
  },
  subjectCertifiesLevels: {
    zh: '申报工种“{name}”的等级为 {levels}，不含 {level}',
    en: 'job type "{name}" certifies levels {levels}, not {level}',
    es: 'la ocupación "{name}" certifica los niveles {levels}, no {level}',
    ja: '受験職種「{name}」の等級は {levels} で、{level} ではありません',
  },
  notACourse: {
    zh: '{id} 是鉴定点，不是课程',
    en: 'knowledge {id} is an appraisal point, not a course',
    es: '{id} es un punto de evaluación, no un curso',
    ja: '{id} は評価項目であり、コースではありません',
  },
  courseOtherSubject: {
    zh: '课程 {id} 属于其他工种或等级',
    en: 'course {id} belongs to another job type or level',
    es: 'el curso {id} pertenece a otra ocupación o nivel',
    ja: 'コース {id} は別の職種または等級に属しています',
  },
  weightSumTooHigh: {
    zh: '课程“{name}”的鉴定点权重合计将为 {sum} %，超过 {max} %',
    en: 'the appraisal points of course "{name}" would add up to {sum} %, more than {max} %',
    es: 'los puntos de evaluación del curso "{name}" sumarían {sum} %, más de {max} %',
    ja: 'コース「{name}」の評価項目の比重の合計が {sum} % となり、{max} % を超えます',
  },

  // Students
  idNumberTaken: {
    zh: '已存在使用此证件号码的考生',
    en: 'a student with this ID number already exists',
    es: 'ya existe un candidato con este número de documento',
    ja: 'この身分証番号の受験者は既に存在します',
  },
  ticketNumberTaken: {
    zh: '新的准考证号已是其他账号的用户名',
    en: 'the new exam ticket number is already the username of another account',
    es: 'el nuevo número de boleto ya es el nombre de usuario de otra cuenta',
    ja: '新しい受験番号は既に別のアカウントのユーザー名です',
  },
  onlyExamineeHasRecord: {
    zh: '只有考生（用户类型 3）才有考生档案',
    en: 'Only an examinee (userType 3) has a student record',
    es: 'Solo un examinado (tipo de usuario 3) tiene registro de candidato',
    ja: '受験者記録があるのは受験者（ユーザー種別 3）だけです',
  },
  batchFull: {
    zh: '批次“{name}”共 {capacity} 个名额，已占 {taken} 个，再加 {incoming} 人放不下',
    en: 'batch "{name}" has {capacity} seats, {taken} taken; {incoming} more do not fit',
    es: 'la convocatoria "{name}" tiene {capacity} plazas, {taken} ocupadas; {incoming} más no caben',
    ja: '申込回次「{name}」の定員は {capacity} 名で {taken} 名が登録済みです。あと {incoming} 名は入りません',
  },
  idResidentFormat: {
    zh: '居民身份证号码为 18 位：17 位数字加一位数字或 X',
    en: 'a resident ID number is 18 characters, 17 digits then a digit or X',
    es: 'un número de identidad de residente tiene 18 caracteres: 17 dígitos y luego un dígito o X',
    ja: '住民身分証番号は 18 文字（数字 17 桁の後に数字または X）です',
  },
  idPassportFormat: {
    zh: '护照号码为 5 至 17 位字母或数字',
    en: 'a passport number is 5 to 17 letters or digits',
    es: 'un número de pasaporte tiene de 5 a 17 letras o dígitos',
    ja: 'パスポート番号は 5〜17 文字の英数字です',
  },
  idPermitFormat: {
    zh: '港澳台居民通行证号码为 8 至 18 位字母或数字',
    en: 'a Hong Kong/Macao/Taiwan permit number is 8 to 18 letters or digits',
    es: 'un permiso de Hong Kong/Macao/Taiwán tiene de 8 a 18 letras o dígitos',
    ja: '香港・マカオ・台湾の通行証番号は 8〜18 文字の英数字です',
  },
  idOtherFormat: {
    zh: '证件号码为 4 至 32 位字母、数字或 -',
    en: 'a document number is 4 to 32 letters, digits or -',
    es: 'un número de documento tiene de 4 a 32 letras, dígitos o -',
    ja: '書類番号は 4〜32 文字の英数字または - です',
  },
  idBirthDate: {
    zh: '出生日期：第 7 至 14 位必须是 1900 年以后且不晚于今天的真实日期',
    en: 'birth date: digits 7 to 14 must be a real date from 1900 on and not in the future',
    es: 'fecha de nacimiento: los dígitos 7 a 14 deben ser una fecha real desde 1900 y no futura',
    ja: '生年月日：7〜14 桁目は 1900 年以降の実在する日付で、未来の日付ではいけません',
  },
  idChecksum: {
    zh: '校验位：最后一位与前 17 位计算出的校验码不符',
    en: 'checksum: the last character does not match the check character of the first 17 digits',
    es: 'dígito de control: el último carácter no coincide con el de los 17 primeros dígitos',
    ja: 'チェックディジット：最後の文字が最初の 17 桁から計算した検査文字と一致しません',
  },
  exportTooMany: {
    zh: '共有 {total} 名考生符合条件，每次最多导出 {max} 名，请缩小筛选范围',
    en: '{total} students match; at most {max} per export: narrow the filter',
    es: 'coinciden {total} candidatos; como máximo {max} por exportación: reduzca el filtro',
    ja: '{total} 名が該当します。1 回のエクスポートは最大 {max} 名です。絞り込んでください',
  },

  // Imports: the upload and the workbook
  sendMultipart: {
    zh: '请以 multipart/form-data 发送，文件放在字段“file”中',
    en: 'send multipart/form-data with the file in the field "file"',
    es: 'envíe multipart/form-data con el archivo en el campo "file"',
    ja: 'multipart/form-data で、ファイルをフィールド「file」に入れて送信してください',
  },
  wrongPartField: {
    zh: '文件应放在字段“file”中，而不是“{field}”',
    en: 'send the file in the field "file", not "{field}"',
    es: 'envíe el archivo en el campo "file", no en "{field}"',
    ja: 'ファイルは「{field}」ではなくフィールド「file」で送信してください',
  },
  fileTooLarge: {
    zh: '文件超过 {mb} MB，请拆分为较小的文件',
    en: 'larger than {mb} MB: split it into smaller files',
    es: 'mayor de {mb} MB: divídalo en archivos más pequeños',
    ja: '{mb} MB を超えています。小さなファイルに分割してください',
  },
  oneFileAtATime: {
    zh: '一次只能发送一个文件',
    en: 'send one file at a time',
    es: 'envíe un archivo cada vez',
    ja: 'ファイルは 1 つずつ送信してください',
  },
  tooManyFormFields: {
    zh: '表单字段过多',
    en: 'too many form fields',
    es: 'demasiados campos de formulario',
    ja: 'フォームのフィールドが多すぎます',
  },
  noFileSent: {
    zh: '没有收到文件（multipart 字段“file”）',
    en: 'no file was sent (multipart field "file")',
    es: 'no se envió ningún archivo (campo multipart "file")',
    ja: 'ファイルが送信されていません（multipart フィールド「file」）',
  },
  fileEmpty: {
    zh: '文件为空',
    en: 'the file is empty',
    es: 'el archivo está vacío',
    ja: 'ファイルが空です',
  },
  fileXls: {
    zh: '这是旧版 Excel 97-2003 文件（.xls）或加密的工作簿：请另存为无密码的“Excel 工作簿 (*.xlsx)”',
    en: 'an old Excel 97-2003 file (.xls) or an encrypted workbook: save it as "Excel Workbook (*.xlsx)" without a password',
    es: 'un archivo antiguo de Excel 97-2003 (.xls) o un libro cifrado: guárdelo como "Libro de Excel (*.xlsx)" sin contraseña',
    ja: '古い Excel 97-2003 ファイル（.xls）または暗号化されたブックです。パスワードなしの「Excel ブック (*.xlsx)」として保存してください',
  },
  notXlsx: {
    zh: '不是 Excel 工作簿（.xlsx）：请在 Excel 或 WPS 中另存为“Excel 工作簿 (*.xlsx)”',
    en: 'not an Excel workbook (.xlsx): save the file from Excel or WPS as "Excel Workbook (*.xlsx)"',
    es: 'no es un libro de Excel (.xlsx): guarde el archivo desde Excel o WPS como "Libro de Excel (*.xlsx)"',
    ja: 'Excel ブック（.xlsx）ではありません。Excel または WPS で「Excel ブック (*.xlsx)」として保存してください',
  },
  notXlsxDamaged: {
    zh: '不是完整的 Excel 工作簿（.xlsx）：压缩包已损坏或不完整（{part}）',
    en: 'not an Excel workbook (.xlsx): the zip archive is damaged or cut short ({part})',
    es: 'no es un libro de Excel (.xlsx): el archivo zip está dañado o incompleto ({part})',
    ja: 'Excel ブック（.xlsx）ではありません。zip アーカイブが壊れているか途切れています（{part}）',
  },
  fileZip64: {
    zh: '这是 zip64 压缩包，导入文件不会这么大',
    en: 'a zip64 archive; an import file is never that large',
    es: 'un archivo zip64; un archivo de importación nunca es tan grande',
    ja: 'zip64 アーカイブです。インポートファイルがこれほど大きくなることはありません',
  },
  tooManyArchiveEntries: {
    zh: '压缩包中有 {count} 个文件',
    en: 'the archive holds {count} files',
    es: 'el archivo contiene {count} ficheros',
    ja: 'アーカイブに {count} 個のファイルが含まれています',
  },
  encryptedWorkbook: {
    zh: '工作簿已加密：请去掉密码后重新保存',
    en: 'an encrypted workbook: remove its password and save again',
    es: 'un libro cifrado: quite la contraseña y guárdelo de nuevo',
    ja: '暗号化されたブックです。パスワードを外して保存し直してください',
  },
  odsFile: {
    zh: '这是 OpenDocument 表格（.ods）：请另存为“Excel 工作簿 (*.xlsx)”',
    en: 'an OpenDocument spreadsheet (.ods): save it as "Excel Workbook (*.xlsx)"',
    es: 'una hoja de cálculo OpenDocument (.ods): guárdela como "Libro de Excel (*.xlsx)"',
    ja: 'OpenDocument スプレッドシート（.ods）です。「Excel ブック (*.xlsx)」として保存してください',
  },
  zipNotWorkbook: {
    zh: '这是 zip 压缩包，但不是 Excel 工作簿（没有 xl/workbook.xml）',
    en: 'a zip archive but not an Excel workbook (no xl/workbook.xml)',
    es: 'un archivo zip pero no un libro de Excel (sin xl/workbook.xml)',
    ja: 'zip アーカイブですが Excel ブックではありません（xl/workbook.xml がありません）',
  },
  unpackedTooLarge: {
    zh: '工作簿解压后超过 {mb} MB',
    en: 'the workbook unpacks to more than {mb} MB',
    es: 'el libro descomprimido ocupa más de {mb} MB',
    ja: 'ブックを展開すると {mb} MB を超えます',
  },
  sheetTooManyRows: {
    zh: '一个工作表超过 {max} 行',
    en: 'more than {max} rows in a sheet',
    es: 'más de {max} filas en una hoja',
    ja: '1 つのシートに {max} 行を超えています',
  },
  rowTooManyCells: {
    zh: '一行超过 64 个单元格',
    en: 'more than 64 cells in a row',
    es: 'más de 64 celdas en una fila',
    ja: '1 行に 64 セルを超えています',
  },
  sharedStringsTooLarge: {
    zh: '工作簿的共享字符串解压后超过 {mb} MB',
    en: 'the workbook’s shared strings unpack to more than {mb} MB',
    es: 'las cadenas compartidas del libro ocupan más de {mb} MB descomprimidas',
    ja: 'ブックの共有文字列を展開すると {mb} MB を超えます',
  },
  sharedStringsTooMany: {
    zh: '工作簿的共享字符串超过 {max} 个',
    en: 'the workbook has more than {max} shared strings',
    es: 'el libro tiene más de {max} cadenas compartidas',
    ja: 'ブックの共有文字列が {max} 個を超えています',
  },
  workbookTooHeavy: {
    zh: '读取该工作簿需要超过 {mb} MB 内存，请拆分后再导入',
    en: 'reading the workbook needs more than {mb} MB of memory: split it and import the parts',
    es: 'leer el libro necesita más de {mb} MB de memoria: divídalo e importe las partes',
    ja: 'ブックの読み込みに {mb} MB を超えるメモリが必要です。分割して取り込んでください',
  },
  workbookDamaged: {
    zh: '工作簿已损坏，无法读取',
    en: 'the workbook is damaged and could not be read',
    es: 'el libro está dañado y no se pudo leer',
    ja: 'ブックが壊れているため読み込めませんでした',
  },
  workbookNoSheet: {
    zh: '工作簿中没有工作表',
    en: 'the workbook has no sheet',
    es: 'el libro no tiene ninguna hoja',
    ja: 'ブックにシートがありません',
  },
  headerMismatch: {
    zh: '表头（第 {row} 行）与模板不符：{problems}。请使用模板的表头（中文、英文、西班牙文或日文均可，顺序不限）',
    en: "the header row (row {row}) does not match the template: {problems}. Use the template's headers, in Chinese, English, Spanish or Japanese, in any order",
    es: 'la fila de encabezados (fila {row}) no coincide con la plantilla: {problems}. Use los encabezados de la plantilla, en chino, inglés, español o japonés, en cualquier orden',
    ja: 'ヘッダー行（{row} 行目）がテンプレートと一致しません：{problems}。テンプレートのヘッダーを中国語、英語、スペイン語、日本語のいずれかで、任意の順序で使ってください',
  },
  headerMissing: {
    zh: '缺少 {columns}',
    en: 'missing {columns}',
    es: 'faltan {columns}',
    ja: '{columns} がありません',
  },
  headerUnknown: {
    zh: '无法识别 {columns}',
    en: 'unknown {columns}',
    es: 'desconocidos {columns}',
    ja: '不明な列 {columns}',
  },
  headerRepeated: {
    zh: '重复 {columns}',
    en: 'repeated {columns}',
    es: 'repetidos {columns}',
    ja: '重複 {columns}',
  },
  sheetEmpty: {
    zh: '第一个工作表为空：请填写模板',
    en: 'the first sheet is empty: fill in the template',
    es: 'la primera hoja está vacía: rellene la plantilla',
    ja: '最初のシートが空です。テンプレートに記入してください',
  },
  sheetNoRows: {
    zh: '没有数据：表头（第 {row} 行）下方的每一行都是空的',
    en: 'no data: every row below the header (row {row}) is empty',
    es: 'sin datos: todas las filas bajo el encabezado (fila {row}) están vacías',
    ja: 'データがありません：ヘッダー（{row} 行目）より下の行がすべて空です',
  },
  sheetTooManyDataRows: {
    zh: '共 {rows} 行，每个文件最多 {max} 行：请拆分文件',
    en: '{rows} rows; at most {max} per file: split the file',
    es: '{rows} filas; como máximo {max} por archivo: divida el archivo',
    ja: '{rows} 行あります。1 ファイル最大 {max} 行です。ファイルを分割してください',
  },
  importAllOrNothing: {
    zh: '{total} 行中有 {invalid} 行无效，未导入任何数据（全部或全不）：请更正，或只导入有效行',
    en: '{invalid} of {total} rows are invalid; nothing was imported (all or nothing): correct them, or import the valid rows only',
    es: '{invalid} de {total} filas no son válidas; no se importó nada (todo o nada): corríjalas o importe solo las filas válidas',
    ja: '{total} 行中 {invalid} 行が無効なため、何もインポートしませんでした（全件か無しか）。修正するか、有効な行だけをインポートしてください',
  },
  importNoneValid: {
    zh: '{total} 行中没有有效的行，未导入任何数据',
    en: 'none of the {total} rows is valid; nothing was imported',
    es: 'ninguna de las {total} filas es válida; no se importó nada',
    ja: '{total} 行のうち有効な行がないため、何もインポートしませんでした',
  },
  importChangedInvalid: {
    zh: '检查文件后数据已变化：现有 {invalid} 行无效，未导入任何数据',
    en: 'the data changed since the file was checked: {invalid} rows are now invalid; nothing was imported',
    es: 'los datos cambiaron desde que se comprobó el archivo: ahora {invalid} filas no son válidas; no se importó nada',
    ja: 'ファイルの確認後にデータが変わりました。{invalid} 行が無効になったため、何もインポートしませんでした',
  },
  importChangedNoneValid: {
    zh: '检查文件后数据已变化：现在没有有效的行',
    en: 'the data changed since the file was checked: no row is valid now',
    es: 'los datos cambiaron desde que se comprobó el archivo: ya no hay filas válidas',
    ja: 'ファイルの確認後にデータが変わりました。有効な行がなくなりました',
  },
  importIdNumberRace: {
    zh: '刚刚有人添加了使用其中某个证件号码的考生；未导入任何数据，请重试',
    en: 'a student with one of these ID numbers was added meanwhile; nothing was imported, try again',
    es: 'mientras tanto se añadió un candidato con uno de estos números de documento; no se importó nada, inténtelo de nuevo',
    ja: 'その間にこれらの身分証番号のいずれかの受験者が追加されました。何もインポートしていません。再試行してください',
  },
  importRace: {
    zh: '另一个导入同时写入了数据；未导入任何数据，请重试',
    en: 'another import wrote at the same time; nothing was imported, try again',
    es: 'otra importación escribió al mismo tiempo; no se importó nada, inténtelo de nuevo',
    ja: '別のインポートが同時に書き込みました。何もインポートしていません。再試行してください',
  },
  importInternalError: {
    zh: '服务器内部错误（请求 {requestId}），未导入任何数据',
    en: 'Internal error (request {requestId}); nothing was imported',
    es: 'Error interno (solicitud {requestId}); no se importó nada',
    ja: '内部エラー（リクエスト {requestId}）。何もインポートしていません',
  },

  // Question bank
  required: { zh: '必填', en: 'required', es: 'obligatorio', ja: '必須です' },
  optionCount: {
    zh: '需要 {min} 至 {max} 个选项（A 至 J）',
    en: 'needs {min} to {max} options (A to J)',
    es: 'necesita de {min} a {max} opciones (A a J)',
    ja: '選択肢は {min}〜{max} 個（A〜J）必要です',
  },
  optionEmpty: {
    zh: '选项 {option} 为空',
    en: 'option {option} is empty',
    es: 'la opción {option} está vacía',
    ja: '選択肢 {option} が空です',
  },
  optionDuplicate: {
    zh: '选项 {option} 与选项 {first} 相同',
    en: 'option {option} is the same as option {first}',
    es: 'la opción {option} es igual que la opción {first}',
    ja: '選択肢 {option} は選択肢 {first} と同じです',
  },
  singleNeedsOneCorrect: {
    zh: '单选题必须恰好有一个正确选项',
    en: 'a single-choice question needs exactly one correct option',
    es: 'una pregunta de opción única necesita exactamente una opción correcta',
    ja: '単一選択問題には正解の選択肢がちょうど 1 つ必要です',
  },
  multipleNeedsTwoCorrect: {
    zh: '多选题至少需要两个正确选项',
    en: 'a multiple-choice question needs at least two correct options',
    es: 'una pregunta de opción múltiple necesita al menos dos opciones correctas',
    ja: '複数選択問題には正解の選択肢が 2 つ以上必要です',
  },
  judgementAnswer: {
    zh: '必须是 T（正确）或 F（错误）',
    en: 'must be T (true) or F (false)',
    es: 'debe ser T (verdadero) o F (falso)',
    ja: 'T（正）または F（誤）である必要があります',
  },
  blankCount: {
    zh: '需要 1 至 {max} 个填空',
    en: 'needs 1 to {max} blanks',
    es: 'necesita de 1 a {max} huecos',
    ja: '空欄は 1〜{max} 個必要です',
  },
  blankMarkers: {
    zh: '题干中有 {markers} 个填空标记 ___，但有答案的填空有 {blanks} 个',
    en: 'the stem has {markers} blank marker(s) ___ but {blanks} blank(s) have answers',
    es: 'el enunciado tiene {markers} marca(s) de hueco ___ pero {blanks} hueco(s) tienen respuesta',
    ja: '問題文には空欄記号 ___ が {markers} 個ありますが、解答のある空欄は {blanks} 個です',
  },
  blankEmpty: {
    zh: '第 {n} 个填空至少需要一个可接受的答案',
    en: 'blank {n} needs at least one accepted answer',
    es: 'el hueco {n} necesita al menos una respuesta aceptada',
    ja: '空欄 {n} には少なくとも 1 つの正答が必要です',
  },
  modelAnswerRequired: {
    zh: '简答题需要参考答案',
    en: 'a short-answer question needs a model answer',
    es: 'una pregunta de respuesta corta necesita una respuesta modelo',
    ja: '記述問題には模範解答が必要です',
  },
  noSuchSubject: {
    zh: '申报工种 {id} 不存在',
    en: 'no job type {id}',
    es: 'no existe la ocupación {id}',
    ja: '受験職種 {id} はありません',
  },
  subjectHasNoLevel: {
    zh: '申报工种“{name}”没有等级 {level}',
    en: 'job type "{name}" has no level {level}',
    es: 'la ocupación "{name}" no tiene el nivel {level}',
    ja: '受験職種「{name}」に等級 {level} はありません',
  },
  notACourseOf: {
    zh: '{id} 不是申报工种“{name}”等级 {level} 的课程',
    en: '{id} is not a course of job type "{name}" at level {level}',
    es: '{id} no es un curso de la ocupación "{name}" en el nivel {level}',
    ja: '{id} は受験職種「{name}」等級 {level} のコースではありません',
  },
  notAPointOf: {
    zh: '{id} 不是课程“{name}”的鉴定点',
    en: '{id} is not an appraisal point of course "{name}"',
    es: '{id} no es un punto de evaluación del curso "{name}"',
    ja: '{id} はコース「{name}」の評価項目ではありません',
  },
  structureGone: {
    zh: '申报工种、课程或鉴定点刚被删除，请刷新后重试',
    en: 'the job type, course or appraisal point was deleted meanwhile; reload and try again',
    es: 'la ocupación, el curso o el punto de evaluación se eliminó mientras tanto; recargue e inténtelo de nuevo',
    ja: 'その間に受験職種、コースまたは評価項目が削除されました。再読み込みしてやり直してください',
  },
  reviewNeedsAudit: {
    zh: '没有权限：审核试题需要 {key}',
    en: 'Permission denied: reviewing questions needs {key}',
    es: 'Permiso denegado: revisar preguntas requiere {key}',
    ja: '権限がありません：問題の審査には {key} が必要です',
  },
  questionAddedToPaper: {
    zh: '试题 {id} 刚被加入试卷',
    en: 'question {id} was added to a paper meanwhile',
    es: 'la pregunta {id} se añadió a un examen mientras tanto',
    ja: '問題 {id} はその間に試験用紙に追加されました',
  },
  questionInPapers: {
    zh: '试题 {id} 已用于 {count} 份试卷：请改为停用',
    en: 'question {id} is used in {count} paper(s): retire it instead',
    es: 'la pregunta {id} se usa en {count} examen(es): retírela en su lugar',
    ja: '問題 {id} は {count} 件の試験用紙で使われています。代わりに廃止してください',
  },
  questionRetired: {
    zh: '试题 {id} 已停用：请先恢复再提交审核',
    en: 'question {id} is retired: restore it before submitting it',
    es: 'la pregunta {id} está retirada: restáurela antes de enviarla',
    ja: '問題 {id} は廃止されています。提出する前に復元してください',
  },
  questionNotSubmittable: {
    zh: '试题 {id} 不能提交审核：其状态为 {status}',
    en: 'question {id} cannot be submitted for review: its status is {status}',
    es: 'la pregunta {id} no se puede enviar a revisión: su estado es {status}',
    ja: '問題 {id} は審査に提出できません。状態は {status} です',
  },
  questionNotUnderReview: {
    zh: '试题 {id} 不在审核中：其状态为 {status}',
    en: 'question {id} is not under review: its status is {status}',
    es: 'la pregunta {id} no está en revisión: su estado es {status}',
    ja: '問題 {id} は審査中ではありません。状態は {status} です',
  },
  cannotReviewOwn: {
    zh: '不能审核自己出的题',
    en: 'you cannot review your own question',
    es: 'no puede revisar su propia pregunta',
    ja: '自分の問題は審査できません',
  },
  unknownAction: {
    zh: '未知操作 {action}',
    en: 'unknown action {action}',
    es: 'acción desconocida {action}',
    ja: '不明な操作 {action}',
  },
  questionsAllOrNothing: {
    zh: '{total} 道试题中有 {invalid} 道无效，未导入任何数据（全部或全不）：请更正，或只导入有效的试题',
    en: '{invalid} of {total} questions are invalid; nothing was imported (all or nothing): correct them, or import the valid ones only',
    es: '{invalid} de {total} preguntas no son válidas; no se importó nada (todo o nada): corríjalas o importe solo las válidas',
    ja: '{total} 問中 {invalid} 問が無効なため、何もインポートしませんでした（全件か無しか）。修正するか、有効な問題だけをインポートしてください',
  },
  questionsNoneValid: {
    zh: '{total} 道试题中没有有效的试题，未导入任何数据',
    en: 'none of the {total} questions is valid; nothing was imported',
    es: 'ninguna de las {total} preguntas es válida; no se importó nada',
    ja: '{total} 問のうち有効な問題がないため、何もインポートしませんでした',
  },
  questionsChangedInvalid: {
    zh: '检查文件后数据已变化：现有 {invalid} 道试题无效，未导入任何数据',
    en: 'the data changed since the file was checked: {invalid} questions are now invalid; nothing was imported',
    es: 'los datos cambiaron desde que se comprobó el archivo: ahora {invalid} preguntas no son válidas; no se importó nada',
    ja: 'ファイルの確認後にデータが変わりました。{invalid} 問が無効になったため、何もインポートしませんでした',
  },
  questionsChangedNoneValid: {
    zh: '检查文件后数据已变化：现在没有有效的试题',
    en: 'the data changed since the file was checked: no question is valid now',
    es: 'los datos cambiaron desde que se comprobó el archivo: ya no hay preguntas válidas',
    ja: 'ファイルの確認後にデータが変わりました。有効な問題がなくなりました',
  },
  importStructureGone: {
    zh: '申报工种、课程或鉴定点刚被删除；未导入任何数据，请重试',
    en: 'a job type, course or appraisal point was deleted meanwhile; nothing was imported, try again',
    es: 'mientras tanto se eliminó una ocupación, curso o punto de evaluación; no se importó nada, inténtelo de nuevo',
    ja: 'その間に受験職種、コースまたは評価項目が削除されました。何もインポートしていません。再試行してください',
  },
  questionExportTooMany: {
    zh: '共有 {total} 道试题符合条件，每次最多导出 {max} 道，请缩小筛选范围',
    en: '{total} questions match; at most {max} per export: narrow the filter',
    es: 'coinciden {total} preguntas; como máximo {max} por exportación: reduzca el filtro',
    ja: '{total} 問が該当します。1 回のエクスポートは最大 {max} 問です。絞り込んでください',
  },
  binaryNotText: {
    zh: '不是文本文件：其中含有二进制数据',
    en: 'not a text file: it holds binary data',
    es: 'no es un archivo de texto: contiene datos binarios',
    ja: 'テキストファイルではありません。バイナリデータを含んでいます',
  },
  textNoQuestions: {
    zh: '没有试题：文件中只有空行',
    en: 'no questions: the file holds only blank lines',
    es: 'no hay preguntas: el archivo solo tiene líneas en blanco',
    ja: '問題がありません。ファイルには空行しかありません',
  },
  textTooManyQuestions: {
    zh: '共 {count} 道试题，每个文件最多 {max} 道：请拆分文件',
    en: '{count} questions; at most {max} per file: split the file',
    es: '{count} preguntas; como máximo {max} por archivo: divida el archivo',
    ja: '{count} 問あります。1 ファイル最大 {max} 問です。ファイルを分割してください',
  },
  unsupportedImportFile: {
    zh: '不能导入 .{extension} 文件：请使用 Excel 模板（.xlsx）或纯文本格式（.txt）',
    en: 'a .{extension} file cannot be imported: use the Excel template (.xlsx) or the plain-text format (.txt)',
    es: 'no se puede importar un archivo .{extension}: use la plantilla de Excel (.xlsx) o el formato de texto (.txt)',
    ja: '.{extension} ファイルはインポートできません。Excel テンプレート（.xlsx）かテキスト形式（.txt）を使ってください',
  },
  txtNeedsStructure: {
    zh: '.txt 导入需要申报工种、等级和课程',
    en: 'a .txt import needs subjectId, level and courseId',
    es: 'una importación .txt necesita subjectId, level y courseId',
    ja: '.txt のインポートには subjectId、level、courseId が必要です',
  },
  officeFileAsTxt: {
    zh: '这是被命名为 .txt 的 Office 文件：工作簿请以 .xlsx 导入',
    en: 'an Office file named .txt: import a workbook as .xlsx',
    es: 'un archivo de Office con nombre .txt: importe un libro como .xlsx',
    ja: '.txt という名前の Office ファイルです。ブックは .xlsx としてインポートしてください',
  },
  notUtf8: {
    zh: '不是 UTF-8 文本：请将文件另存为“UTF-8”编码（记事本：另存为 → 编码）后重试',
    en: 'not UTF-8 text: save the file as "UTF-8" (Notepad: Save as → Encoding) and try again',
    es: 'no es texto UTF-8: guarde el archivo como "UTF-8" (Bloc de notas: Guardar como → Codificación) e inténtelo de nuevo',
    ja: 'UTF-8 のテキストではありません。「UTF-8」で保存して（メモ帳：名前を付けて保存 → 文字コード）やり直してください',
  },

  // Users and permissions
  usernameTaken: {
    zh: '用户名“{name}”已被占用',
    en: 'the username "{name}" is taken',
    es: 'el nombre de usuario "{name}" ya está en uso',
    ja: 'ユーザー名「{name}」は既に使われています',
  },
  usernameReservedForTickets: {
    zh: 'KS 加数字形式的名称保留给准考证号',
    en: 'names of the form KS followed by digits are reserved for exam ticket numbers',
    es: 'los nombres con la forma KS seguida de dígitos están reservados para los números de boleto de examen',
    ja: 'KS に数字が続く形式の名前は受験番号用に予約されています',
  },
  firstAdminStaysAdmin: {
    zh: '第一位管理员必须保持管理员类型',
    en: 'the first administrator stays an administrator',
    es: 'el primer administrador sigue siendo administrador',
    ja: '最初の管理者は管理者のままです',
  },
  accountIsStudentStays: {
    zh: '此账号属于考生 {name}（{ticket}），其用户名为准考证号，且保持为考生账号',
    en: 'this account belongs to examinee {name} ({ticket}); its username is the exam ticket number and it stays a student account',
    es: 'esta cuenta pertenece al examinado {name} ({ticket}); su nombre de usuario es el número de boleto y sigue siendo una cuenta de candidato',
    ja: 'このアカウントは受験者 {name}（{ticket}）のものです。ユーザー名は受験番号で、受験者アカウントのままです',
  },
  accountIsStudentDelete: {
    zh: '此账号属于考生 {name}（{ticket}），请在考生管理中删除该考生',
    en: 'This account belongs to examinee {name} ({ticket}); delete the examinee in student management',
    es: 'Esta cuenta pertenece al examinado {name} ({ticket}); elimine al examinado en la gestión de candidatos',
    ja: 'このアカウントは受験者 {name}（{ticket}）のものです。受験者管理で受験者を削除してください',
  },
  firstAdminNotDeletable: {
    zh: '第一位管理员（用户 1）不能删除',
    en: 'The first administrator (user 1) cannot be deleted',
    es: 'El primer administrador (usuario 1) no se puede eliminar',
    ja: '最初の管理者（ユーザー 1）は削除できません',
  },
  cannotDeleteSelf: {
    zh: '不能删除自己的账号',
    en: 'You cannot delete your own account',
    es: 'No puede eliminar su propia cuenta',
    ja: '自分のアカウントは削除できません',
  },
  onlySuperAdminGrantsSuperAdmin: {
    zh: '只有 SUPER_ADMIN 可以授予角色 SUPER_ADMIN',
    en: 'Only a SUPER_ADMIN may grant the role SUPER_ADMIN',
    es: 'Solo un SUPER_ADMIN puede otorgar el rol SUPER_ADMIN',
    ja: 'ロール SUPER_ADMIN を付与できるのは SUPER_ADMIN だけです',
  },
  onlySuperAdminChangesSuperAdmin: {
    zh: '只有 SUPER_ADMIN 可以修改持有 SUPER_ADMIN 的用户',
    en: 'Only a SUPER_ADMIN may change a user who holds SUPER_ADMIN',
    es: 'Solo un SUPER_ADMIN puede cambiar a un usuario que tiene SUPER_ADMIN',
    ja: 'SUPER_ADMIN を持つユーザーを変更できるのは SUPER_ADMIN だけです',
  },
  cannotChangeOwnUserType: {
    zh: '不能修改自己的用户类型，请让另一位 SUPER_ADMIN 修改',
    en: 'You cannot change your own user type; ask another SUPER_ADMIN',
    es: 'No puede cambiar su propio tipo de usuario; pídaselo a otro SUPER_ADMIN',
    ja: '自分のユーザー種別は変更できません。別の SUPER_ADMIN に依頼してください',
  },
  cannotChangeOwnRoles: {
    zh: '不能修改自己的角色，请让另一位有权限的用户修改',
    en: 'You cannot change your own roles; ask another user who may',
    es: 'No puede cambiar sus propios roles; pídaselo a otro usuario autorizado',
    ja: '自分のロールは変更できません。権限のある別のユーザーに依頼してください',
  },
  onlySuperAdminSetsUserType: {
    zh: '只有 SUPER_ADMIN 可以设置用户类型（{userType}）',
    en: 'Only a SUPER_ADMIN may set the user type ({userType})',
    es: 'Solo un SUPER_ADMIN puede fijar el tipo de usuario ({userType})',
    ja: 'ユーザー種別（{userType}）を設定できるのは SUPER_ADMIN だけです',
  },
  lastSuperAdmin: {
    zh: '这是最后一位拥有 SUPER_ADMIN 角色的用户，请先把该角色授予其他用户',
    en: 'This is the last user with role SUPER_ADMIN; give the role to another user first',
    es: 'Este es el último usuario con el rol SUPER_ADMIN; otorgue el rol a otro usuario primero',
    ja: 'これはロール SUPER_ADMIN を持つ最後のユーザーです。先に別のユーザーにロールを付与してください',
  },
  changeInitialPasswordFirst: {
    zh: '请先修改初始密码，然后才能继续',
    en: 'Change your initial password first, then you can go on',
    es: 'Cambie primero su contraseña inicial; después podrá continuar',
    ja: '先に初期パスワードを変更してください。その後に続行できます',
  },
  currentPasswordWrong: {
    zh: '当前密码错误',
    en: 'the current password is wrong',
    es: 'la contraseña actual es incorrecta',
    ja: '現在のパスワードが間違っています',
  },
  notDefaultPassword: {
    zh: '不能使用默认密码',
    en: 'must not be the default password',
    es: 'no debe ser la contraseña predeterminada',
    ja: '初期パスワードは使用できません',
  },
  mustDifferFromOldPassword: {
    zh: '必须与旧密码不同',
    en: 'must differ from the old password',
    es: 'debe ser distinta de la contraseña anterior',
    ja: '古いパスワードと異なる必要があります',
  },
  permissionKeyTaken: {
    zh: '权限标识 {key} 已存在',
    en: 'a permission with key {key} exists',
    es: 'ya existe un permiso con la clave {key}',
    ja: 'キー {key} の権限は既に存在します',
  },
  permissionBuiltInKey: {
    zh: '{key} 是内置权限（系统会检查它），其标识不能修改',
    en: '{key} is built in (the product checks it); its key cannot change',
    es: '{key} está integrado (el producto lo comprueba); su clave no puede cambiar',
    ja: '{key} は組み込みの権限です（製品が確認します）。キーは変更できません',
  },
  permissionBuiltInDelete: {
    zh: '{key} 是内置权限（系统会检查它），不能删除',
    en: '{key} is built in (the product checks it) and cannot be deleted',
    es: '{key} está integrado (el producto lo comprueba) y no se puede eliminar',
    ja: '{key} は組み込みの権限です（製品が確認します）。削除できません',
  },
  permissionHasChildren: {
    zh: '权限 {key} 下还有 {count} 个子项',
    en: 'Permission {key} still has {count} child entries',
    es: 'El permiso {key} aún tiene {count} entradas hijas',
    ja: '権限 {key} にはまだ子項目が {count} 件あります',
  },
  permissionGrantedToRoles: {
    zh: '权限 {key} 仍被授予角色：{roles}',
    en: 'Permission {key} is still granted to roles: {roles}',
    es: 'El permiso {key} todavía está otorgado a los roles: {roles}',
    ja: '権限 {key} はまだ次のロールに付与されています：{roles}',
  },
  childrenCannotBeButton: {
    zh: '有子项的条目不能改为按钮',
    en: 'an entry with children cannot become a button',
    es: 'una entrada con hijos no puede convertirse en botón',
    ja: '子項目を持つ項目はボタンにできません',
  },
  entryBelowItself: {
    zh: '条目不能位于自身之下',
    en: 'an entry cannot sit below itself',
    es: 'una entrada no puede estar debajo de sí misma',
    ja: '項目を自分自身の下に置くことはできません',
  },
  buttonNoChildren: {
    zh: '按钮不能有子项',
    en: 'a button cannot have children',
    es: 'un botón no puede tener hijos',
    ja: 'ボタンは子項目を持てません',
  },

  // Uploads from the editor: the `state` of its answer, and of each captured image
  uploadRequestTooLarge: {
    zh: '请求大于 {size}',
    en: 'Request is larger than {size}',
    es: 'La solicitud supera {size}',
    ja: 'リクエストが {size} を超えています',
  },
  uploadUnreadable: {
    zh: '无法读取此请求',
    en: 'The request could not be read',
    es: 'No se pudo leer la solicitud',
    ja: 'リクエストを読み取れませんでした',
  },
  uploadOneFileAtATime: {
    zh: '一次只能上传一个文件',
    en: 'Send one file at a time',
    es: 'Envíe un archivo cada vez',
    ja: 'ファイルは1つずつ送信してください',
  },
  uploadTooManyFields: {
    zh: '表单字段过多',
    en: 'Too many form fields',
    es: 'Demasiados campos en el formulario',
    ja: 'フォームの項目が多すぎます',
  },
  uploadMalformed: {
    zh: '上传表单格式错误',
    en: 'Malformed multipart form',
    es: 'Formulario multiparte mal formado',
    ja: 'マルチパートフォームの形式が正しくありません',
  },
  uploadNoFile: {
    zh: '未收到文件（表单字段 "{field}"）',
    en: 'No file was sent (multipart field "{field}")',
    es: 'No se envió ningún archivo (campo "{field}")',
    ja: 'ファイルが送信されていません（フォーム項目 "{field}"）',
  },
  uploadWrongField: {
    zh: '请在字段 "{field}" 中发送文件',
    en: 'Send the file in the field "{field}"',
    es: 'Envíe el archivo en el campo "{field}"',
    ja: 'ファイルは項目 "{field}" で送信してください',
  },
  uploadNoDrawing: {
    zh: '未收到涂鸦（表单字段 "{field}"）',
    en: 'No drawing was sent (form field "{field}")',
    es: 'No se envió ningún dibujo (campo "{field}")',
    ja: '落書きが送信されていません（フォーム項目 "{field}"）',
  },
  uploadDrawingNotBase64: {
    zh: '涂鸦不是 base64 编码',
    en: 'The drawing is not base64',
    es: 'El dibujo no está en base64',
    ja: '落書きが base64 ではありません',
  },
  uploadTooLarge: {
    zh: '文件大于 {size}（{kind}的上限）',
    en: 'File is larger than {size}, the limit for {kind}',
    es: 'El archivo supera {size}, el límite para {kind}',
    ja: 'ファイルが {size}（{kind}の上限）を超えています',
  },
  uploadTypeNotAllowed: {
    zh: '{kind}不允许 {extension} 类型（允许：{allowed}）',
    en: 'File type {extension} is not allowed for {kind} (allowed: {allowed})',
    es: 'El tipo {extension} no está permitido para {kind} (permitidos: {allowed})',
    ja: '{kind}に {extension} 形式は使えません（使える形式：{allowed}）',
  },
  uploadNoExtension: {
    zh: '{kind}必须带扩展名（允许：{allowed}）',
    en: 'A file without an extension is not allowed for {kind} (allowed: {allowed})',
    es: 'No se permite un archivo sin extensión para {kind} (permitidos: {allowed})',
    ja: '{kind}には拡張子のないファイルは使えません（使える形式：{allowed}）',
  },
  uploadEmpty: {
    zh: '文件为空',
    en: 'File is empty',
    es: 'El archivo está vacío',
    ja: 'ファイルが空です',
  },
  uploadMarkupNotType: {
    zh: '文件内容是 HTML/SVG 标记，不是 {extension} 文件',
    en: 'File content is HTML/SVG markup, not a {extension} file',
    es: 'El contenido es marcado HTML/SVG, no un archivo {extension}',
    ja: 'ファイルの内容は HTML/SVG マークアップで、{extension} ファイルではありません',
  },
  uploadContentMismatch: {
    zh: '文件内容与其类型 {extension} 不符',
    en: 'File content does not match its type {extension}',
    es: 'El contenido no corresponde a su tipo {extension}',
    ja: 'ファイルの内容が形式 {extension} と一致しません',
  },
  uploadMarkupNotImage: {
    zh: '内容是 HTML/SVG 标记，不是图片',
    en: 'Content is HTML/SVG markup, not an image',
    es: 'El contenido es marcado HTML/SVG, no una imagen',
    ja: '内容は HTML/SVG マークアップで、画像ではありません',
  },
  uploadNotImage: {
    zh: '不是图片',
    en: 'Not an image',
    es: 'No es una imagen',
    ja: '画像ではありません',
  },
  uploadUnknownAction: {
    zh: '未知操作 "{action}"',
    en: 'Unknown action "{action}"',
    es: 'Acción desconocida "{action}"',
    ja: '不明な操作 "{action}"',
  },
  uploadFailed: {
    zh: '上传失败（请求 {requestId}）',
    en: 'Upload failed (request {requestId})',
    es: 'La subida falló (solicitud {requestId})',
    ja: 'アップロードに失敗しました（リクエスト {requestId}）',
  },
  catchSendUrls: {
    zh: '请在 "{field}" 中发送图片网址',
    en: 'Send the image URLs in "{field}"',
    es: 'Envíe las URL de las imágenes en "{field}"',
    ja: '画像の URL は "{field}" で送信してください',
  },
  catchNoUrl: {
    zh: '未收到图片网址',
    en: 'No image URL was sent',
    es: 'No se envió ninguna URL de imagen',
    ja: '画像の URL が送信されていません',
  },
  catchTooMany: {
    zh: '一次最多 {max} 张图片',
    en: 'At most {max} images at a time',
    es: 'Como máximo {max} imágenes cada vez',
    ja: '一度に取り込める画像は最大 {max} 枚です',
  },
  catchNothing: {
    zh: '没有抓取到任何远程图片',
    en: 'No remote image could be captured',
    es: 'No se pudo capturar ninguna imagen remota',
    ja: 'リモート画像を1枚も取り込めませんでした',
  },
  catchUrlTooLong: {
    zh: '网址过长',
    en: 'URL too long',
    es: 'URL demasiado larga',
    ja: 'URL が長すぎます',
  },
  catchBadUrl: {
    zh: '不是有效的网址',
    en: 'Not a valid URL',
    es: 'No es una URL válida',
    ja: '有効な URL ではありません',
  },
  catchOnlyHttp: {
    zh: '只抓取 http 和 https 网址',
    en: 'Only http and https URLs are captured',
    es: 'Solo se capturan URL http y https',
    ja: '取り込めるのは http と https の URL だけです',
  },
  catchCredentials: {
    zh: '不接受带用户名或密码的网址',
    en: 'URLs with credentials are refused',
    es: 'Se rechazan las URL con credenciales',
    ja: '認証情報を含む URL は受け付けません',
  },
  catchNoAddress: {
    zh: '{host} 无法解析',
    en: '{host} does not resolve',
    es: '{host} no se resuelve',
    ja: '{host} を名前解決できません',
  },
  catchPrivateAddress: {
    zh: '{host} 是内网或保留地址（{address}）',
    en: '{host} is a private or reserved address ({address})',
    es: '{host} es una dirección privada o reservada ({address})',
    ja: '{host} はプライベートまたは予約済みのアドレスです（{address}）',
  },
  catchConnectedPrivate: {
    zh: '连接到了内网地址（{address}）',
    en: 'Connected to a private address ({address})',
    es: 'Se conectó a una dirección privada ({address})',
    ja: 'プライベートアドレスに接続されました（{address}）',
  },
  catchRedirectWithoutLocation: {
    zh: 'HTTP {status} 没有跳转地址',
    en: 'HTTP {status} without a location',
    es: 'HTTP {status} sin dirección de destino',
    ja: 'HTTP {status} にリダイレクト先がありません',
  },
  catchTooManyRedirects: {
    zh: '跳转次数过多',
    en: 'Too many redirects',
    es: 'Demasiadas redirecciones',
    ja: 'リダイレクトが多すぎます',
  },
  catchHttpStatus: {
    zh: '远程服务器返回 HTTP {status}',
    en: 'The remote server answered HTTP {status}',
    es: 'El servidor remoto respondió HTTP {status}',
    ja: 'リモートサーバーが HTTP {status} を返しました',
  },
  catchTooLarge: {
    zh: '大于 {size}',
    en: 'Larger than {size}',
    es: 'Supera {size}',
    ja: '{size} を超えています',
  },
  catchTimedOut: {
    zh: '超时',
    en: 'Timed out',
    es: 'Se agotó el tiempo',
    ja: 'タイムアウトしました',
  },
  catchFailed: {
    zh: '无法获取',
    en: 'Could not be fetched',
    es: 'No se pudo obtener',
    ja: '取得できませんでした',
  },
  catchFailedCode: {
    zh: '无法获取（{code}）',
    en: 'Could not be fetched ({code})',
    es: 'No se pudo obtener ({code})',
    ja: '取得できませんでした（{code}）',
  },

  // Papers (issue 11)
  paperQuestionMissing: {
    zh: '试题 {id} 不存在',
    en: 'question {id} does not exist',
    es: 'la pregunta {id} no existe',
    ja: '問題 {id} は存在しません',
  },
  paperQuestionNotApproved: {
    zh: '试题 {id} 未通过审核（状态为 {status}）',
    en: 'question {id} is not approved (its status is {status})',
    es: 'la pregunta {id} no está aprobada (su estado es {status})',
    ja: '問題 {id} は承認されていません（状態は {status}）',
  },
  paperQuestionRetired: {
    zh: '试题 {id} 已停用',
    en: 'question {id} is retired',
    es: 'la pregunta {id} está retirada',
    ja: '問題 {id} は廃止されています',
  },
  paperQuestionOtherPlace: {
    zh: '试题 {id} 不属于申报工种“{name}”等级 {level}',
    en: 'question {id} is not of job type "{name}" at level {level}',
    es: 'la pregunta {id} no es de la ocupación "{name}" en el nivel {level}',
    ja: '問題 {id} は受験職種「{name}」等級 {level} の問題ではありません',
  },
  paperQuestionTwice: {
    zh: '试题 {id} 在试卷中出现了两次',
    en: 'question {id} is in the paper twice',
    es: 'la pregunta {id} está dos veces en el examen',
    ja: '問題 {id} が試験問題に2回含まれています',
  },
  paperTotalZero: {
    zh: '试卷总分为 0：请添加试题',
    en: 'the paper is worth 0 points: add questions',
    es: 'el examen vale 0 puntos: añada preguntas',
    ja: '試験問題の配点合計が 0 です。問題を追加してください',
  },
  paperTotalTooHigh: {
    zh: '试卷总分 {total} 超过上限 {max}',
    en: 'the paper is worth {total} points, more than {max}',
    es: 'el examen vale {total} puntos, más de {max}',
    ja: '配点合計 {total} が上限 {max} を超えています',
  },
  paperPassAboveTotal: {
    zh: '及格分 {pass} 高于总分 {total}',
    en: 'the pass score {pass} is above the total {total}',
    es: 'la nota de aprobado {pass} supera el total {total}',
    ja: '合格点 {pass} が配点合計 {total} を超えています',
  },
  paperTooManyQuestions: {
    zh: '试卷有 {count} 道题，超过上限 {max}',
    en: 'the paper holds {count} questions, more than {max}',
    es: 'el examen tiene {count} preguntas, más de {max}',
    ja: '試験問題は {count} 問あり、上限 {max} を超えています',
  },
  paperPerCandidateRulesOnly: {
    zh: '只有按规则组卷的试卷才能按考生抽题',
    en: 'only a paper filled by rules can be drawn per candidate',
    es: 'solo un examen formado por reglas puede sortearse por candidato',
    ja: '受験者ごとの抽出はルールで作成した試験問題だけに使えます',
  },
  paperPerCandidateNoQuestions: {
    zh: '按考生抽题的试卷没有固定试题：第 {section} 大题有试题',
    en: 'a paper drawn per candidate holds no fixed questions: section {section} has some',
    es: 'un examen sorteado por candidato no tiene preguntas fijas: la sección {section} tiene',
    ja: '受験者ごとに抽出する試験問題に固定の問題は置けません：大問 {section} にあります',
  },
  paperPerCandidateNeedsRules: {
    zh: '第 {section} 大题没有规则：按考生抽题的试卷每道题都按规则抽取',
    en: 'section {section} has no rules: a paper drawn per candidate draws every question from rules',
    es: 'la sección {section} no tiene reglas: un examen sorteado por candidato saca cada pregunta de las reglas',
    ja: '大問 {section} にルールがありません。受験者ごとの抽出ではすべての問題をルールから選びます',
  },
  paperPerCandidateOneDifficulty: {
    zh: '第 {section} 大题规则 {rule}：按考生抽题时每条规则只能有一个难度，保证每位考生难度构成相同',
    en: 'section {section}, rule {rule}: a paper drawn per candidate needs one difficulty per rule, so that every candidate gets the same mix',
    es: 'sección {section}, regla {rule}: un examen sorteado por candidato necesita una sola dificultad por regla, para que todos reciban la misma mezcla',
    ja: '大問 {section} ルール {rule}：受験者ごとの抽出では、全員が同じ難易度構成になるよう各ルールの難易度は1つにしてください',
  },
  paperRuleCourse: {
    zh: '第 {section} 大题规则 {rule}：{id} 不是该申报工种和等级的课程',
    en: 'section {section}, rule {rule}: {id} is not a course of this job type and level',
    es: 'sección {section}, regla {rule}: {id} no es un curso de esta ocupación y nivel',
    ja: '大問 {section} ルール {rule}：{id} はこの受験職種・等級のコースではありません',
  },
  paperRulePoint: {
    zh: '第 {section} 大题规则 {rule}：{id} 不是该课程（或该申报工种和等级）的鉴定点',
    en: 'section {section}, rule {rule}: {id} is not an appraisal point of its course (or of this job type and level)',
    es: 'sección {section}, regla {rule}: {id} no es un punto de evaluación de su curso (o de esta ocupación y nivel)',
    ja: '大問 {section} ルール {rule}：{id} はそのコース（またはこの受験職種・等級）の評価項目ではありません',
  },
  paperBlueprintMissing: {
    zh: '按细目表组卷需要题型设置（blueprint.types）',
    en: 'a paper built from the blueprint needs its question types (blueprint.types)',
    es: 'un examen según la tabla de especificaciones necesita sus tipos de pregunta (blueprint.types)',
    ja: '細目表による作成には問題形式の設定（blueprint.types）が必要です',
  },
  paperBlueprintNoPoints: {
    zh: '申报工种“{name}”等级 {level} 没有带权重的鉴定点：细目表无从分配',
    en: 'job type "{name}" at level {level} has no weighted appraisal points: the blueprint has nothing to spread over',
    es: 'la ocupación "{name}" en el nivel {level} no tiene puntos de evaluación con peso: la tabla no tiene dónde repartir',
    ja: '受験職種「{name}」等級 {level} に重み付きの評価項目がないため、細目表を配分できません',
  },
  paperShortfall: {
    zh: '题库不足以组成此试卷：{list}',
    en: 'the bank cannot fill the paper: {list}',
    es: 'el banco no alcanza para el examen: {list}',
    ja: '問題バンクでこの試験問題を作成できません：{list}',
  },
  shortfallRule: {
    zh: '第 {section} 大题规则 {rule}（{what}）：需要 {needs} 道，题库有 {available} 道',
    en: 'section {section}, rule {rule} ({what}): needs {needs}, the bank holds {available}',
    es: 'sección {section}, regla {rule} ({what}): necesita {needs}, el banco tiene {available}',
    ja: '大問 {section} ルール {rule}（{what}）：{needs} 問必要、バンクには {available} 問',
  },
  shortfallBlueprint: {
    zh: '{type}，鉴定点“{point}”：需要 {needs} 道，题库有 {available} 道',
    en: '{type}, appraisal point "{point}": needs {needs}, the bank holds {available}',
    es: '{type}, punto de evaluación "{point}": necesita {needs}, el banco tiene {available}',
    ja: '{type}、評価項目「{point}」：{needs} 問必要、バンクには {available} 問',
  },
  ruleDifficultyOne: {
    zh: '难度 {value}',
    en: 'difficulty {value}',
    es: 'dificultad {value}',
    ja: '難易度 {value}',
  },
  ruleDifficultyRange: {
    zh: '难度 {low}–{high}',
    en: 'difficulty {low}–{high}',
    es: 'dificultad {low}–{high}',
    ja: '難易度 {low}–{high}',
  },
  ruleCourse: {
    zh: '课程 {name}',
    en: 'course {name}',
    es: 'curso {name}',
    ja: 'コース {name}',
  },
  rulePoint: {
    zh: '鉴定点 {name}',
    en: 'appraisal point {name}',
    es: 'punto de evaluación {name}',
    ja: '評価項目 {name}',
  },
  ruleTags: {
    zh: '标签 {tags}',
    en: 'tags {tags}',
    es: 'etiquetas {tags}',
    ja: 'タグ {tags}',
  },
  paperNothingToDraw: {
    zh: '第 {section} 大题没有可抽取的规则',
    en: 'section {section} has no rules to draw from',
    es: 'la sección {section} no tiene reglas de las que sacar preguntas',
    ja: '大問 {section} に抽出するルールがありません',
  },
  paperSwapNotDrawn: {
    zh: '试题 {id} 不是由第 {section} 大题的规则抽出的',
    en: 'question {id} was not drawn by a rule of section {section}',
    es: 'la pregunta {id} no salió de una regla de la sección {section}',
    ja: '問題 {id} は大問 {section} のルールで抽出されたものではありません',
  },
  paperSwapNone: {
    zh: '没有其他试题符合试题 {id} 的规则',
    en: 'no other question meets the rule of question {id}',
    es: 'ninguna otra pregunta cumple la regla de la pregunta {id}',
    ja: '問題 {id} のルールを満たす他の問題がありません',
  },
  paperNotSubmittable: {
    zh: '试卷 {id} 不能提交审核：其状态为{status}',
    en: 'paper {id} cannot be submitted for review: it is {status}',
    es: 'el examen {id} no se puede enviar a revisión: está {status}',
    ja: '試験問題 {id} は審査に提出できません：状態は{status}です',
  },
  paperNotUnderReview: {
    zh: '试卷 {id} 不在审核中：其状态为{status}',
    en: 'paper {id} is not under review: it is {status}',
    es: 'el examen {id} no está en revisión: está {status}',
    ja: '試験問題 {id} は審査中ではありません：状態は{status}です',
  },
  cannotReviewOwnPaper: {
    zh: '不能审核自己编写的试卷',
    en: 'you cannot review your own paper',
    es: 'no puede revisar su propio examen',
    ja: '自分が作成した試験問題は審査できません',
  },
  reviewPaperNeedsAudit: {
    zh: '没有权限：审核试卷需要 {key}',
    en: 'Permission denied: reviewing papers needs {key}',
    es: 'Permiso denegado: revisar exámenes requiere {key}',
    ja: '権限がありません：試験問題の審査には {key} が必要です',
  },
  paperNotPassed: {
    zh: '试卷 {id} 尚未通过审核，不能发布',
    en: 'paper {id} has not passed its audit: it cannot be published',
    es: 'el examen {id} no ha superado la revisión: no se puede publicar',
    ja: '試験問題 {id} は審査に合格していないため公開できません',
  },
  instructionNeedsSubjects: {
    zh: '请选择适用的申报工种，或设为适用于全部工种',
    en: 'choose the job types it is for, or make it for every job type',
    es: 'elija las ocupaciones a las que se aplica, o aplíquelo a todas',
    ja: '対象の受験職種を選ぶか、全職種を対象にしてください',
  },
  instructionBodyEmpty: {
    zh: '须知内容不能为空',
    en: 'the notice has no text',
    es: 'las instrucciones no tienen texto',
    ja: '注意事項の本文がありません',
  },
  paperUsedByExams: {
    zh: '试卷 {id} 被考试 {names} 使用，不能删除',
    en: 'paper {id} is used by the exam(s) {names}: it cannot be deleted',
    es: 'el modelo de examen {id} lo usan los exámenes {names}: no se puede eliminar',
    ja: '試験問題 {id} は試験 {names} で使われているため削除できません',
  },
  paperHasVersions: {
    zh: '试卷 {id} 已被 {count} 场已发布的考试使用，不能删除',
    en: 'paper {id} is used by {count} published exam(s): it cannot be deleted',
    es: 'el examen {id} lo usan {count} examen(es) publicado(s): no se puede eliminar',
    ja: '試験問題 {id} は公開済みの試験 {count} 件で使われているため削除できません',
  },
  notAnInstant: {
    zh: '须为带时区的时间，例如 2026-06-01T09:00:00Z',
    en: 'must be a time with its zone, e.g. 2026-06-01T09:00:00Z',
    es: 'debe ser una hora con su zona, p. ej. 2026-06-01T09:00:00Z',
    ja: 'タイムゾーン付きの時刻で指定してください（例：2026-06-01T09:00:00Z）',
  },
  notACidr: {
    zh: '须为 IP 地址或网段（如 10.0.0.0/8）',
    en: 'must be an IP address or a range such as 10.0.0.0/8',
    es: 'debe ser una dirección IP o un rango como 10.0.0.0/8',
    ja: 'IP アドレスまたは 10.0.0.0/8 のような範囲で指定してください',
  },
  examEndBeforeStart: {
    zh: '须晚于开考时间',
    en: 'must be after the opening time',
    es: 'debe ser posterior a la hora de apertura',
    ja: '開始時刻より後にしてください',
  },
  examWindowTooLong: {
    zh: '考试时段不能超过 {days} 天',
    en: 'the window may not be longer than {days} days',
    es: 'la franja no puede durar más de {days} días',
    ja: '受験期間は {days} 日以内にしてください',
  },
  examDurationBeyondWindow: {
    zh: '{duration} 分钟超过了考试时段（{window} 分钟）',
    en: '{duration} min is longer than the window ({window} min)',
    es: '{duration} min es más que la franja ({window} min)',
    ja: '{duration} 分は受験期間（{window} 分）より長くなっています',
  },
  examLateEntryBeyondWindow: {
    zh: '{minutes} 分钟超过了考试时段（{window} 分钟）',
    en: '{minutes} min is longer than the window ({window} min)',
    es: '{minutes} min es más que la franja ({window} min)',
    ja: '{minutes} 分は受験期間（{window} 分）より長くなっています',
  },
  examMinSubmitBeyondDuration: {
    zh: '{minutes} 分钟超过了考试时长（{duration} 分钟）',
    en: '{minutes} min is longer than the duration ({duration} min)',
    es: '{minutes} min es más que la duración ({duration} min)',
    ja: '{minutes} 分は試験時間（{duration} 分）より長くなっています',
  },
  examEndInPast: {
    zh: '结束时间 {endAt} 已过，不能发布',
    en: 'the closing time {endAt} has passed: it cannot be published',
    es: 'la hora de cierre {endAt} ya pasó: no se puede publicar',
    ja: '終了時刻 {endAt} を過ぎているため公開できません',
  },
  examClassOtherSubject: {
    zh: '报名批次“{name}”属于{subject}（{level}），不是试卷的{paperSubject}（{paperLevel}）',
    en: 'the batch “{name}” is for {subject} ({level}), not the paper’s {paperSubject} ({paperLevel})',
    es: 'la convocatoria «{name}» es de {subject} ({level}), no de {paperSubject} ({paperLevel}) como el examen',
    ja: '申込回次「{name}」は{subject}（{level}）のもので、試験問題の{paperSubject}（{paperLevel}）ではありません',
  },
  examClassNotYours: {
    zh: '没有权限：报名批次“{name}”未分配给您',
    en: 'Permission denied: the batch “{name}” is not assigned to you',
    es: 'Permiso denegado: la convocatoria «{name}» no le está asignada',
    ja: '権限がありません：申込回次「{name}」はあなたに割り当てられていません',
  },
  examNotYours: {
    zh: '没有权限：考试 {id} 包含未分配给您的报名批次',
    en: 'Permission denied: exam {id} includes batches not assigned to you',
    es: 'Permiso denegado: el examen {id} incluye convocatorias que no le están asignadas',
    ja: '権限がありません：試験 {id} にはあなたに割り当てられていない申込回次が含まれます',
  },
  examInstructionOtherSubject: {
    zh: '须知“{title}”不适用于{subject}',
    en: 'the notice “{title}” is not for {subject}',
    es: 'las instrucciones «{title}» no son para {subject}',
    ja: '注意事項「{title}」は{subject}向けではありません',
  },
  examInstructionDisabled: {
    zh: '须知“{title}”已停用',
    en: 'the notice “{title}” is disabled',
    es: 'las instrucciones «{title}» están desactivadas',
    ja: '注意事項「{title}」は無効になっています',
  },
  examAlreadyPublished: {
    zh: '考试 {id} 已发布',
    en: 'exam {id} is already published',
    es: 'el examen {id} ya está publicado',
    ja: '試験 {id} は既に公開されています',
  },
  examNotPublished: {
    zh: '考试 {id} 尚未发布',
    en: 'exam {id} is not published',
    es: 'el examen {id} no está publicado',
    ja: '試験 {id} は公開されていません',
  },
  examStartedNoUnpublish: {
    zh: '考试 {id} 已有 {count} 名考生开考，不能取消发布',
    en: '{count} candidate(s) have started exam {id}: it cannot be unpublished',
    es: '{count} candidato(s) ya empezaron el examen {id}: no se puede retirar',
    ja: '試験 {id} は {count} 名が受験を開始しているため公開を取り消せません',
  },
  examOpenNoUnpublish: {
    zh: '考试 {id} 正在进行（至 {endAt} 结束），不能取消发布',
    en: 'exam {id} is running until {endAt}: it cannot be unpublished',
    es: 'el examen {id} está en curso hasta las {endAt}: no se puede retirar',
    ja: '試験 {id} は {endAt} まで実施中のため公開を取り消せません',
  },
  examOpenNoDelete: {
    zh: '考试 {id} 正在进行（至 {endAt} 结束），不能删除',
    en: 'exam {id} is running until {endAt}: it cannot be deleted',
    es: 'el examen {id} está en curso hasta las {endAt}: no se puede eliminar',
    ja: '試験 {id} は {endAt} まで実施中のため削除できません',
  },
  examStartedNoDelete: {
    zh: '考试 {id} 已有 {count} 名考生开考，不能删除',
    en: '{count} candidate(s) have started exam {id}: it cannot be deleted',
    es: '{count} candidato(s) ya empezaron el examen {id}: no se puede eliminar',
    ja: '試験 {id} は {count} 名が受験を開始しているため削除できません',
  },
  examOpenFrozen: {
    zh: '考试 {id} 已开考，只能推迟结束时间、增加延时和添加考生；不能修改：{fields}',
    en: 'exam {id} is open: only a later closing time, extra time and candidates can change, not {fields}',
    es: 'el examen {id} está abierto: solo puede cerrarse más tarde y recibir tiempo extra y candidatos; no se puede cambiar {fields}',
    ja: '試験 {id} は開始済みです。終了時刻の延長・時間延長・受験者の追加のみ可能で、{fields} は変更できません',
  },
  examClosed: {
    zh: '考试 {id} 已于 {endAt} 结束，不能再修改',
    en: 'exam {id} closed at {endAt}: it can no longer change',
    es: 'el examen {id} cerró a las {endAt}: ya no se puede cambiar',
    ja: '試験 {id} は {endAt} に終了したため変更できません',
  },
  examNoCandidates: {
    zh: '所选报名批次中没有启用的考生',
    en: 'the chosen batches have no enabled students',
    es: 'las convocatorias elegidas no tienen candidatos activos',
    ja: '選んだ申込回次に有効な受験者がいません',
  },
  examStudentOtherSubject: {
    zh: '{name}（{ticket}）报考的不是本场考试的工种和等级',
    en: '{name} ({ticket}) is not registered for this exam’s job type and level',
    es: '{name} ({ticket}) no está inscrito en la ocupación y el nivel de este examen',
    ja: '{name}（{ticket}）はこの試験の職種・等級に申し込んでいません',
  },
  examStudentDisabled: {
    zh: '{name}（{ticket}）已停用',
    en: '{name} ({ticket}) is disabled',
    es: '{name} ({ticket}) está desactivado',
    ja: '{name}（{ticket}）は無効になっています',
  },
  examStudentNotYours: {
    zh: '没有权限：{name}（{ticket}）所在的报名批次未分配给您',
    en: 'Permission denied: the batch of {name} ({ticket}) is not assigned to you',
    es: 'Permiso denegado: la convocatoria de {name} ({ticket}) no le está asignada',
    ja: '権限がありません：{name}（{ticket}）の申込回次はあなたに割り当てられていません',
  },
  examNotCandidate: {
    zh: '学生 {id} 不是考试 {examId} 的考生',
    en: 'student {id} is not a candidate of exam {examId}',
    es: 'el candidato {id} no está en el examen {examId}',
    ja: '学生 {id} は試験 {examId} の受験者ではありません',
  },
  examCandidateStarted: {
    zh: '{name}（{ticket}）已开考，不能移除',
    en: '{name} ({ticket}) has started the exam: they cannot be removed',
    es: '{name} ({ticket}) ya empezó el examen: no se puede quitar',
    ja: '{name}（{ticket}）は受験を開始しているため削除できません',
  },
  examCandidateNotPublished: {
    zh: '考试 {id} 发布后才能增减考生',
    en: 'candidates can be added or removed once exam {id} is published',
    es: 'se pueden añadir o quitar candidatos cuando el examen {id} esté publicado',
    ja: '受験者の追加・削除は試験 {id} の公開後に行えます',
  },
  examHasMakeUps: {
    zh: '考试 {id} 已发布了 {count} 场补考，请先删除补考',
    en: 'exam {id} has {count} make-up exam(s): delete them first',
    es: 'el examen {id} tiene {count} recuperación(es): elimínelas primero',
    ja: '試験 {id} には追試が {count} 件あります。先に追試を削除してください',
  },
  classInExams: {
    zh: '报名批次“{name}”被 {count} 场考试使用（{exams}），不能删除',
    en: 'the batch “{name}” is used by {count} exam(s) ({exams}): it cannot be deleted',
    es: 'la convocatoria «{name}» la usan {count} examen(es) ({exams}): no se puede eliminar',
    ja: '申込回次「{name}」は {count} 件の試験（{exams}）で使われているため削除できません',
  },
  studentInExams: {
    zh: '考生 {name} 是 {count} 场考试（{exams}）的考生，不能删除；可以停用',
    en: '{name} is a candidate of {count} exam(s) ({exams}): they cannot be deleted, but can be disabled',
    es: '{name} es candidato de {count} examen(es) ({exams}): no se puede eliminar, pero sí desactivar',
    ja: '{name} は {count} 件の試験（{exams}）の受験者のため削除できません。無効にはできます',
  },
  makeUpOtherSubject: {
    zh: '试卷 {id} 的工种或等级与原考试不同',
    en: 'paper {id} is for another job type or level than the original exam',
    es: 'el examen {id} es de otra ocupación o nivel que el examen original',
    ja: '試験問題 {id} は元の試験と職種または等級が異なります',
  },
  makeUpNotClosed: {
    zh: '考试 {id} 尚未结束，结束后才能发布补考',
    en: 'exam {id} has not closed yet: a make-up can be published once it closes',
    es: 'el examen {id} aún no ha cerrado: la recuperación se publica cuando cierre',
    ja: '試験 {id} はまだ終了していません。追試は終了後に公開できます',
  },
  makeUpNeedsScores: {
    zh: '考试 {id} 的成绩尚未发布，只能为缺考考生发布补考',
    en: 'the scores of exam {id} are not released yet: only its absent candidates can be chosen',
    es: 'las notas del examen {id} aún no se han publicado: solo pueden elegirse los ausentes',
    ja: '試験 {id} の成績はまだ公開されていないため、欠席者のみ選べます',
  },
  makeUpDuplicate: {
    zh: '考试「{name}」已发布补考「{makeUp}」，其中已有 {count} 名所选考生；仍未通过的考生请从该补考再发布补考',
    en: 'the exam “{name}” already has the make-up “{makeUp}” with {count} of these candidates: make up who still fails from that make-up',
    es: 'el examen «{name}» ya tiene la recuperación «{makeUp}» con {count} de estos candidatos: para quien siga suspendiendo, publíquela desde esa recuperación',
    ja: '試験「{name}」には追試「{makeUp}」が公開済みで、選んだ受験者のうち {count} 名が含まれています。なお不合格の受験者にはその追試から追試を公開してください',
  },
  makeUpNobody: {
    zh: '考试 {id} 没有符合条件（{who}）的考生',
    en: 'exam {id} has no candidates who are {who}',
    es: 'el examen {id} no tiene candidatos {who}',
    ja: '試験 {id} に該当（{who}）する受験者がいません',
  },
  // Marking (issue 14)
  noMarkingPlan: {
    zh: '考试 {id} 还没有阅卷设置',
    en: 'exam {id} has no marking plan yet',
    es: 'el examen {id} aún no tiene plan de corrección',
    ja: '試験 {id} にはまだ採点設定がありません',
  },
  markingPlanLocked: {
    zh: '阅卷已开始，不能再修改：{fields}',
    en: 'marking has begun, so these can no longer change: {fields}',
    es: 'la corrección ya empezó; ya no se puede cambiar: {fields}',
    ja: '採点が始まっているため変更できません：{fields}',
  },
  notAMarker: {
    zh: '用户 {id} 不能阅卷（没有 {key} 权限）',
    en: 'user {id} cannot mark (lacks {key})',
    es: 'el usuario {id} no puede corregir (le falta {key})',
    ja: 'ユーザー {id} は採点できません（{key} がありません）',
  },
  itemNotForMarkers: {
    zh: '题目 {itemId} 由系统评分，不需要阅卷',
    en: 'question {itemId} is scored automatically, not by markers',
    es: 'la pregunta {itemId} se califica automáticamente, no la corrigen personas',
    ja: '設問 {itemId} は自動採点のため採点者は不要です',
  },
  noQuestionsToMark: {
    zh: '您在考试 {id} 中没有负责的题目',
    en: 'you have no question to mark in exam {id}',
    es: 'no tiene preguntas que corregir en el examen {id}',
    ja: '試験 {id} に担当の設問がありません',
  },
  notYourQuestion: {
    zh: '您不负责本考试的题目 {itemId}',
    en: 'you do not mark question {itemId} of this exam',
    es: 'usted no corrige la pregunta {itemId} de este examen',
    ja: 'この試験の設問 {itemId} はあなたの担当ではありません',
  },
  scoreOutOfRange: {
    zh: '应在 0 到 {max} 之间',
    en: 'must be between 0 and {max}',
    es: 'debe estar entre 0 y {max}',
    ja: '0 から {max} の間で入力してください',
  },
  scoreOffStep: {
    zh: '应为 {step} 的整数倍',
    en: 'must be a multiple of {step}',
    es: 'debe ser múltiplo de {step}',
    ja: '{step} の倍数で入力してください',
  },
  notYourLease: {
    zh: '这份答案不在您手上（可能已超时被收回），请点“下一份”',
    en: 'you do not hold this answer (its hold may have expired): take one with Next',
    es: 'usted no tiene esta respuesta (su reserva pudo caducar): tome una con Siguiente',
    ja: 'この解答はあなたが確保していません（期限切れの可能性）。「次へ」で取得してください',
  },
  markingClosed: {
    zh: '题目 {itemId} 的阅卷已结束，不能再修改',
    en: 'marking of question {itemId} is closed: scores can no longer change',
    es: 'la corrección de la pregunta {itemId} está cerrada: ya no se pueden cambiar notas',
    ja: '設問 {itemId} の採点は締め切られ、点数は変更できません',
  },
  answerArbitrated: {
    zh: '这份答案已仲裁，分数为最终分数',
    en: 'this answer has been arbitrated: its score is final',
    es: 'esta respuesta ya fue arbitrada: su nota es definitiva',
    ja: 'この解答は裁定済みで、点数は確定しています',
  },
  notInArbitration: {
    zh: '这份答案不在待仲裁列表中',
    en: 'this answer is not waiting for arbitration',
    es: 'esta respuesta no está pendiente de arbitraje',
    ja: 'この解答は裁定待ちではありません',
  },
  arbiterMarkedIt: {
    zh: '您评过这份答案，应由其他仲裁人裁定',
    en: 'you marked this answer yourself: another arbiter decides',
    es: 'usted corrigió esta respuesta: debe arbitrar otra persona',
    ja: 'この解答はあなたが採点したため、別の裁定者が判断します',
  },
  examNotPublishedForMarking: {
    zh: '考试 {id} 尚未发布，没有可阅的答卷',
    en: 'exam {id} is not published: it has nothing to mark',
    es: 'el examen {id} no está publicado: no hay nada que corregir',
    ja: '試験 {id} は未公開のため、採点するものがありません',
  },
  doubleNeedsTwoMarkers: {
    zh: '双评时题目 {itemId} 至少需要两名阅卷人',
    en: 'with double marking, question {itemId} needs at least two markers',
    es: 'con doble corrección, la pregunta {itemId} necesita al menos dos correctores',
    ja: '二重採点では設問 {itemId} に 2 名以上の採点者が必要です',
  },
  noAuditUnderReview: {
    zh: '题目 {itemId} 没有待审核的组抽查（答案尚未全部评完，或已审核）',
    en: 'question {itemId} has no group audit under review (not every answer is marked yet, or it was decided)',
    es: 'la pregunta {itemId} no tiene revisión de grupo pendiente (faltan respuestas por corregir o ya se decidió)',
    ja: '設問 {itemId} に審査中のグループ監査はありません（未採点の解答があるか、判定済みです）',
  },
  releaseExamOpen: {
    zh: '考试「{name}」尚未结束（{end} 结束），结束后才能发布成绩',
    en: 'the exam “{name}” has not closed yet (it closes at {end}): release its scores after that',
    es: 'el examen «{name}» aún no ha terminado (termina el {end}): publique sus notas después',
    ja: '試験「{name}」はまだ終了していません（{end} 終了）。終了後に成績を公開してください',
  },
  releaseAttemptsRunning: {
    zh: '考试「{name}」还有 {count} 名考生的答卷未交，交卷后才能发布成绩',
    en: 'the exam “{name}” still has {count} attempts not handed in: release its scores once they are',
    es: 'el examen «{name}» aún tiene {count} intentos sin entregar: publique las notas cuando se entreguen',
    ja: '試験「{name}」には未提出の答案が {count} 件あります。提出後に成績を公開してください',
  },
  releaseMarkingOpen: {
    zh: '还有 {count} 份答案未评定最终分数，不能发布成绩',
    en: '{count} answers have no final score yet: the scores cannot be released',
    es: '{count} respuestas aún no tienen nota final: no se pueden publicar las notas',
    ja: '最終点が未確定の解答が {count} 件あるため、成績を公開できません',
  },
  releaseAuditOpen: {
    zh: '题目 {items} 的组抽查尚未通过，不能发布成绩',
    en: 'the group audit of question {items} has not passed: the scores cannot be released',
    es: 'la revisión de grupo de la pregunta {items} no está aprobada: no se pueden publicar las notas',
    ja: '設問 {items} のグループ監査が未承認のため、成績を公開できません',
  },
  scoresNotReleased: {
    zh: '考试 {id} 的成绩尚未发布',
    en: 'the scores of exam {id} are not released',
    es: 'las notas del examen {id} no están publicadas',
    ja: '試験 {id} の成績は公開されていません',
  },
  keyCorrectionTooEarly: {
    zh: '考试 {id} 尚有考生在作答，结束后才能更正答案',
    en: 'exam {id} still has attempts running: correct its key once they have ended',
    es: 'el examen {id} aún tiene intentos en curso: corrija la clave cuando terminen',
    ja: '試験 {id} にはまだ受験中の答案があります。終了後に正答を訂正してください',
  },
  examKeysBeforeClose: {
    zh: '考试 {id} 结束前不显示答案；持有试卷权限者可打印带答案的试卷（会被记录）',
    en: 'the keys of exam {id} stay hidden until it closes; a paper manager may print the paper with answers (logged)',
    es: 'las claves del examen {id} permanecen ocultas hasta que cierre; un gestor de exámenes puede imprimirlo con respuestas (queda registrado)',
    ja: '試験 {id} の正答は終了まで表示されません。試験問題の権限を持つ人は解答付きで印刷できます（記録されます）',
  },
  scoresReleased: {
    zh: '考试 {id} 的成绩已发布，请先撤回发布',
    en: 'the scores of exam {id} are released: withdraw the release first',
    es: 'las notas del examen {id} están publicadas: retire primero la publicación',
    ja: '試験 {id} の成績は公開済みです。先に公開を取り消してください',
  },
  certificateRevoked: {
    zh: '证书 {number} 已撤销，不能打印',
    en: 'certificate {number} is revoked: it cannot be printed',
    es: 'el certificado {number} está revocado: no se puede imprimir',
    ja: '証書 {number} は取り消されているため、印刷できません',
  },
  certificateAlreadyRevoked: {
    zh: '证书 {number} 已被撤销',
    en: 'certificate {number} is already revoked',
    es: 'el certificado {number} ya está revocado',
    ja: '証書 {number} はすでに取り消されています',
  },
  proctorNotStarted: {
    zh: '{name}（{ticket}）尚未开始作答，没有答卷',
    en: '{name} ({ticket}) has not started: there is no attempt',
    es: '{name} ({ticket}) no ha empezado: no hay intento',
    ja: '{name}（{ticket}）はまだ受験を開始していないため、答案がありません',
  },
  proctorStillRunning: {
    zh: '{name}（{ticket}）的答卷仍在作答中，只能重新开放已交卷的答卷',
    en: 'the attempt of {name} ({ticket}) is still running: only an ended attempt can be reopened',
    es: 'el intento de {name} ({ticket}) sigue en curso: solo se puede reabrir un intento terminado',
    ja: '{name}（{ticket}）の答案はまだ受験中です。再開できるのは終了した答案だけです',
  },
  proctorMarkingStarted: {
    zh: '{name}（{ticket}）的答卷已开始阅卷，不能重新开放',
    en: 'marking of the attempt of {name} ({ticket}) has begun: it can no longer be reopened',
    es: 'la corrección del intento de {name} ({ticket}) ya empezó: ya no se puede reabrir',
    ja: '{name}（{ticket}）の答案は採点が始まっているため、再開できません',
  },
} as const satisfies Record<string, Localized>;

export type MessageKey = keyof typeof SERVER_MESSAGES;

/** What a message names (not found, still in use…), e.g. `{entity} 3 not found`. */
export const ENTITY_NAMES = {
  school: { zh: '考试项目', en: 'Exam project', es: 'Proyecto de examen', ja: '試験プロジェクト' },
  department: {
    zh: '职业类别',
    en: 'Job-type category',
    es: 'Categoría profesional',
    ja: '職業分類',
  },
  subject: { zh: '申报工种', en: 'Job type', es: 'Ocupación', ja: '受験職種' },
  classes: {
    zh: '报名批次',
    en: 'Registration batch',
    es: 'Convocatoria',
    ja: '申込回次',
  },
  user: { zh: '用户', en: 'User', es: 'Usuario', ja: 'ユーザー' },
  role: { zh: '角色', en: 'Role', es: 'Rol', ja: 'ロール' },
  permission: { zh: '权限', en: 'Permission', es: 'Permiso', ja: '権限' },
  knowledge: {
    zh: '课程或鉴定点',
    en: 'Knowledge',
    es: 'Conocimiento',
    ja: 'コースまたは評価項目',
  },
  course: { zh: '课程', en: 'Course', es: 'Curso', ja: 'コース' },
  point: { zh: '鉴定点', en: 'Appraisal point', es: 'Punto de evaluación', ja: '評価項目' },
  student: { zh: '考生', en: 'Student', es: 'Candidato', ja: '受験者' },
  ownStudentRecord: {
    zh: '您的考生档案',
    en: 'Your student record',
    es: 'Su ficha de candidato',
    ja: 'あなたの受験者記録',
  },
  batch: { zh: '批次', en: 'Batch', es: 'Convocatoria', ja: '申込回次' },
  question: { zh: '试题', en: 'Question', es: 'Pregunta', ja: '問題' },
  file: { zh: '文件', en: 'File', es: 'Archivo', ja: 'ファイル' },
  paper: { zh: '试卷', en: 'Paper', es: 'Examen', ja: '試験問題' },
  instruction: {
    zh: '考试须知',
    en: 'Exam notice',
    es: 'Instrucciones del examen',
    ja: '受験上の注意',
  },
  parentPermission: {
    zh: '上级权限',
    en: 'Parent permission',
    es: 'Permiso superior',
    ja: '親権限',
  },
  exam: { zh: '考试', en: 'Exam', es: 'Examen', ja: '試験' },
  attempt: { zh: '答卷', en: 'Attempt', es: 'Intento', ja: '答案' },
  markingAnswer: {
    zh: '待评答案',
    en: 'Answer to mark',
    es: 'Respuesta a corregir',
    ja: '採点対象の解答',
  },
  certificate: { zh: '证书', en: 'Certificate', es: 'Certificado', ja: '証書' },
} as const satisfies Record<string, Localized>;

export type EntityKey = keyof typeof ENTITY_NAMES;

/** What an upload kind is called in a message ("the limit for images"). */
export const UPLOAD_KIND_NAMES = {
  image: { zh: '图片', en: 'images', es: 'imágenes', ja: '画像' },
  video: { zh: '视频', en: 'videos', es: 'vídeos', ja: '動画' },
  file: { zh: '附件', en: 'files', es: 'archivos', ja: '添付ファイル' },
} as const satisfies Record<string, Localized>;

/** Certification levels (spec: 5 junior … 1 senior technician) as documents name them. */
export const CERT_LEVEL_NAMES = {
  5: { zh: '初级', en: 'Junior', es: 'Básico', ja: '初級' },
  4: { zh: '中级', en: 'Intermediate', es: 'Intermedio', ja: '中級' },
  3: { zh: '高级', en: 'Senior', es: 'Avanzado', ja: '上級' },
  2: { zh: '技师', en: 'Technician', es: 'Técnico', ja: '技師' },
  1: { zh: '高级技师', en: 'Senior technician', es: 'Técnico superior', ja: '上級技師' },
} as const satisfies Record<number, Localized>;

/** The level names in one language, by level. */
export const levelNamesIn = (language: MessageLanguage): Record<5 | 4 | 3 | 2 | 1, string> => ({
  5: CERT_LEVEL_NAMES[5][language],
  4: CERT_LEVEL_NAMES[4][language],
  3: CERT_LEVEL_NAMES[3][language],
  2: CERT_LEVEL_NAMES[2][language],
  1: CERT_LEVEL_NAMES[1][language],
});

/** A paper's group-audit state as a message names it (draft: never submitted). */
export const PAPER_AUDIT_NAMES = {
  draft: { zh: '草稿', en: 'a draft', es: 'en borrador', ja: '下書き' },
  0: { zh: '审核中', en: 'under review', es: 'en revisión', ja: '審査中' },
  1: { zh: '已通过', en: 'passed', es: 'aprobado', ja: '承認済み' },
  2: { zh: '未通过', en: 'failed', es: 'rechazado', ja: '差し戻し' },
} as const satisfies Record<string, Localized>;

/** A question's review state (spec's audit status) as a message names it. */
export const AUDIT_STATUS_NAMES = {
  0: { zh: '未开始审核', en: 'not started', es: 'no iniciado', ja: '審査未開始' },
  1: { zh: '审核中', en: 'under review', es: 'en revisión', ja: '審査中' },
  2: { zh: '已通过', en: 'passed', es: 'aprobado', ja: '承認済み' },
  3: { zh: '未通过', en: 'failed', es: 'rechazado', ja: '差し戻し' },
  4: { zh: '已过期', en: 'expired', es: 'caducado', ja: '期限切れ' },
} as const satisfies Record<number, Localized>;

/**
 * The name of each field a message can blame, as the form shows it. Zod paths are named by their
 * last word (`options.2.content` by `content`).
 */
export const FIELD_LABELS = {
  answers: { zh: '含答案', en: 'With answers', es: 'Con respuestas', ja: '解答付き' },
  format: { zh: '格式', en: 'Format', es: 'Formato', ja: '形式' },
  passScore: { zh: '及格分', en: 'Pass score', es: 'Nota de aprobado', ja: '合格点' },
  durationMinutes: { zh: '时长', en: 'Duration', es: 'Duración', ja: '時間' },
  sections: { zh: '大题', en: 'Sections', es: 'Secciones', ja: '大問' },
  drawPerCandidate: {
    zh: '按考生抽题',
    en: 'Drawn per candidate',
    es: 'Sorteo por candidato',
    ja: '受験者ごとの抽出',
  },
  blueprint: { zh: '细目表', en: 'Blueprint', es: 'Tabla de especificaciones', ja: '細目表' },
  rules: { zh: '抽题规则', en: 'Rules', es: 'Reglas', ja: 'ルール' },
  questions: { zh: '试题', en: 'Questions', es: 'Preguntas', ja: '問題' },
  questionId: { zh: '试题', en: 'Question', es: 'Pregunta', ja: '問題' },
  count: { zh: '数量', en: 'Count', es: 'Cantidad', ja: '数' },
  seed: { zh: '随机种子', en: 'Seed', es: 'Semilla', ja: 'シード' },
  section: { zh: '大题', en: 'Section', es: 'Sección', ja: '大問' },
  result: { zh: '审核结果', en: 'Result', es: 'Resultado', ja: '審査結果' },
  title: { zh: '标题', en: 'Title', es: 'Título', ja: 'タイトル' },
  minReadSeconds: {
    zh: '最短阅读时间',
    en: 'Minimum reading time',
    es: 'Tiempo mínimo de lectura',
    ja: '最短閲覧時間',
  },
  subjectIds: { zh: '适用工种', en: 'Job types', es: 'Ocupaciones', ja: '対象職種' },
  allSubjects: {
    zh: '适用于全部工种',
    en: 'All job types',
    es: 'Todas las ocupaciones',
    ja: '全職種',
  },
  enabled: { zh: '启用', en: 'Enabled', es: 'Activada', ja: '有効' },
  types: { zh: '题型', en: 'Question types', es: 'Tipos de pregunta', ja: '問題形式' },
  body: { zh: '请求体', en: 'Body', es: 'Cuerpo', ja: '本文' },
  url: { zh: '网址', en: 'URL', es: 'URL', ja: 'URL' },
  querystring: { zh: '查询参数', en: 'Query', es: 'Consulta', ja: 'クエリ' },
  params: { zh: '路径参数', en: 'Path', es: 'Ruta', ja: 'パス' },
  headers: { zh: '请求头', en: 'Headers', es: 'Cabeceras', ja: 'ヘッダー' },
  'content-type': {
    zh: '内容类型',
    en: 'Content type',
    es: 'Tipo de contenido',
    ja: 'コンテンツタイプ',
  },
  id: { zh: '编号', en: 'ID', es: 'ID', ja: 'ID' },
  ids: { zh: '编号列表', en: 'IDs', es: 'IDs', ja: 'ID 一覧' },
  page: { zh: '页码', en: 'Page', es: 'Página', ja: 'ページ' },
  limit: { zh: '每页条数', en: 'Page size', es: 'Tamaño de página', ja: '表示件数' },
  name: { zh: '名称', en: 'Name', es: 'Nombre', ja: '名前' },
  code: { zh: '编码', en: 'Code', es: 'Código', ja: 'コード' },
  key: { zh: '标识', en: 'Key', es: 'Clave', ja: 'キー' },
  status: { zh: '状态', en: 'Status', es: 'Estado', ja: '状態' },
  sort: { zh: '排序', en: 'Order', es: 'Orden', ja: '並び順' },
  description: { zh: '描述', en: 'Description', es: 'Descripción', ja: '説明' },
  remark: { zh: '备注', en: 'Remark', es: 'Observación', ja: '備考' },
  keyword: { zh: '关键词', en: 'Keyword', es: 'Palabra clave', ja: 'キーワード' },
  orderBy: { zh: '排序字段', en: 'Sort by', es: 'Ordenar por', ja: '並べ替え項目' },
  sortField: { zh: '排序字段', en: 'Sort by', es: 'Ordenar por', ja: '並べ替え項目' },
  order: { zh: '排序方向', en: 'Sort order', es: 'Sentido del orden', ja: '並び順の方向' },
  sortOrder: { zh: '排序方向', en: 'Sort order', es: 'Sentido del orden', ja: '並び順の方向' },
  contact: { zh: '联系方式', en: 'Contact', es: 'Contacto', ja: '連絡先' },
  organiser: { zh: '组织单位', en: 'Organiser', es: 'Organizador', ja: '主催者' },
  userId: { zh: '用户', en: 'User', es: 'Usuario', ja: 'ユーザー' },
  roles: { zh: '角色', en: 'Roles', es: 'Roles', ja: 'ロール' },
  remoteLogin: {
    zh: '异地登录',
    en: 'Remote sign-in',
    es: 'Inicio de sesión remoto',
    ja: 'リモートログイン',
  },
  linkType: { zh: '链接类型', en: 'Link type', es: 'Tipo de enlace', ja: 'リンク種別' },
  auditStatus: { zh: '审核状态', en: 'Review status', es: 'Estado de revisión', ja: '審査状態' },
  retired: { zh: '已停用', en: 'Retired', es: 'Retirada', ja: '廃止' },
  correct: { zh: '正确答案', en: 'Correct', es: 'Correcta', ja: '正解' },
  // Exam structure
  schoolId: {
    zh: '考试项目',
    en: 'Exam project',
    es: 'Proyecto de examen',
    ja: '試験プロジェクト',
  },
  departmentId: {
    zh: '职业类别',
    en: 'Job-type category',
    es: 'Categoría profesional',
    ja: '職業分類',
  },
  subjectId: { zh: '申报工种', en: 'Job type', es: 'Ocupación', ja: '受験職種' },
  classId: {
    zh: '报名批次',
    en: 'Registration batch',
    es: 'Convocatoria',
    ja: '申込回次',
  },
  level: { zh: '等级', en: 'Level', es: 'Nivel', ja: '等級' },
  levels: { zh: '等级', en: 'Levels', es: 'Niveles', ja: '等級' },
  capacity: { zh: '容量', en: 'Capacity', es: 'Capacidad', ja: '定員' },
  registrationStart: {
    zh: '报名开始时间',
    en: 'Registration start',
    es: 'Inicio de inscripción',
    ja: '申込開始日',
  },
  registrationEnd: {
    zh: '报名结束时间',
    en: 'Registration end',
    es: 'Fin de inscripción',
    ja: '申込終了日',
  },
  examStart: { zh: '考试开始时间', en: 'Exam start', es: 'Inicio del examen', ja: '試験開始日' },
  examEnd: { zh: '考试结束时间', en: 'Exam end', es: 'Fin del examen', ja: '試験終了日' },
  userIds: { zh: '教师', en: 'Teachers', es: 'Profesores', ja: '教師' },
  // Base data and imports
  weight: { zh: '权重', en: 'Weight', es: 'Peso', ja: '比重' },
  importance: { zh: '重要程度', en: 'Importance', es: 'Importancia', ja: '重要度' },
  courseId: { zh: '课程', en: 'Course', es: 'Curso', ja: 'コース' },
  knowId: { zh: '鉴定点', en: 'Appraisal point', es: 'Punto de evaluación', ja: '評価項目' },
  gender: { zh: '性别', en: 'Gender', es: 'Sexo', ja: '性別' },
  idType: { zh: '证件类型', en: 'ID type', es: 'Tipo de documento', ja: '身分証の種類' },
  idNumber: { zh: '证件号码', en: 'ID number', es: 'Número de documento', ja: '身分証番号' },
  phone: { zh: '手机号', en: 'Phone', es: 'Teléfono', ja: '電話番号' },
  photo: { zh: '照片', en: 'Photo', es: 'Foto', ja: '写真' },
  ticketNumber: { zh: '准考证号', en: 'Ticket number', es: 'Número de boleto', ja: '受験番号' },
  filter: { zh: '筛选条件', en: 'Filter', es: 'Filtro', ja: '絞り込み条件' },
  file: { zh: '文件', en: 'File', es: 'Archivo', ja: 'ファイル' },
  paper: { zh: '试卷', en: 'Paper', es: 'Examen', ja: '試験問題' },
  instruction: {
    zh: '考试须知',
    en: 'Exam notice',
    es: 'Instrucciones del examen',
    ja: '受験上の注意',
  },
  mode: { zh: '导入方式', en: 'Mode', es: 'Modo', ja: 'モード' },
  lang: { zh: '语言', en: 'Language', es: 'Idioma', ja: '言語' },
  // Questions
  content: { zh: '题干', en: 'Stem', es: 'Enunciado', ja: '問題文' },
  options: { zh: '选项', en: 'Options', es: 'Opciones', ja: '選択肢' },
  answer: { zh: '答案', en: 'Answer', es: 'Respuesta', ja: '解答' },
  blanks: { zh: '填空答案', en: 'Blanks', es: 'Huecos', ja: '空欄' },
  linkUrl: { zh: '链接地址', en: 'Link', es: 'Enlace', ja: 'リンク' },
  analysis: { zh: '解析', en: 'Analysis', es: 'Análisis', ja: '解説' },
  score: { zh: '分值', en: 'Score', es: 'Puntuación', ja: '配点' },
  difficulty: { zh: '难度', en: 'Difficulty', es: 'Dificultad', ja: '難易度' },
  pointId: { zh: '鉴定点', en: 'Appraisal point', es: 'Punto de evaluación', ja: '評価項目' },
  reason: { zh: '原因', en: 'Reason', es: 'Motivo', ja: '理由' },
  action: { zh: '操作', en: 'Action', es: 'Acción', ja: '操作' },
  tags: { zh: '标签', en: 'Tags', es: 'Etiquetas', ja: 'タグ' },
  // Users, roles and permissions
  nickName: { zh: '昵称', en: 'Nickname', es: 'Apodo', ja: 'ニックネーム' },
  userType: { zh: '用户类型', en: 'User type', es: 'Tipo de usuario', ja: 'ユーザー種別' },
  introduction: { zh: '简介', en: 'Introduction', es: 'Presentación', ja: '自己紹介' },
  avatar: { zh: '头像', en: 'Avatar', es: 'Avatar', ja: 'アバター' },
  email: { zh: '邮箱', en: 'Email', es: 'Correo electrónico', ja: 'メール' },
  endDate: { zh: '有效期至', en: 'Valid until', es: 'Válido hasta', ja: '有効期限' },
  roleIds: { zh: '角色', en: 'Roles', es: 'Roles', ja: 'ロール' },
  roleId: { zh: '角色', en: 'Role', es: 'Rol', ja: 'ロール' },
  roleKeys: { zh: '角色', en: 'Roles', es: 'Roles', ja: 'ロール' },
  permissionIds: { zh: '权限', en: 'Permissions', es: 'Permisos', ja: '権限' },
  oldPass: {
    zh: '当前密码',
    en: 'Current password',
    es: 'Contraseña actual',
    ja: '現在のパスワード',
  },
  newPass: { zh: '新密码', en: 'New password', es: 'Nueva contraseña', ja: '新しいパスワード' },
  password: { zh: '密码', en: 'Password', es: 'Contraseña', ja: 'パスワード' },
  username: { zh: '用户名', en: 'Username', es: 'Nombre de usuario', ja: 'ユーザー名' },
  verifyCode: { zh: '验证码', en: 'Captcha', es: 'Código de verificación', ja: '認証コード' },
  parentId: { zh: '上级', en: 'Parent', es: 'Superior', ja: '親' },
  type: { zh: '类型', en: 'Type', es: 'Tipo', ja: '種類' },
  icon: { zh: '图标', en: 'Icon', es: 'Icono', ja: 'アイコン' },
  path: { zh: '路径', en: 'Path', es: 'Ruta', ja: 'パス' },
  paperId: { zh: '试卷', en: 'Paper', es: 'Examen', ja: '試験問題' },
  instructionId: { zh: '考试须知', en: 'Exam notice', es: 'Instrucciones', ja: '注意事項' },
  classIds: { zh: '报名批次', en: 'Registration batches', es: 'Convocatorias', ja: '申込回次' },
  startAt: { zh: '开考时间', en: 'Opens at', es: 'Apertura', ja: '開始時刻' },
  endAt: { zh: '结束时间', en: 'Closes at', es: 'Cierre', ja: '終了時刻' },
  lateEntryMinutes: { zh: '迟到限制', en: 'Late entry', es: 'Entrada tardía', ja: '遅刻制限' },
  minSubmitMinutes: {
    zh: '最短交卷时间',
    en: 'Earliest submission',
    es: 'Entrega más temprana',
    ja: '最短提出時間',
  },
  shuffleQuestions: {
    zh: '题目乱序',
    en: 'Shuffle questions',
    es: 'Orden aleatorio de preguntas',
    ja: '問題のシャッフル',
  },
  shuffleOptions: {
    zh: '选项乱序',
    en: 'Shuffle options',
    es: 'Orden aleatorio de opciones',
    ja: '選択肢のシャッフル',
  },
  multipleScoring: {
    zh: '多选题计分',
    en: 'Multiple-choice scoring',
    es: 'Puntuación de opción múltiple',
    ja: '複数選択の採点',
  },
  partialShare: {
    zh: '少选得分比例',
    en: 'Share for a correct subset',
    es: 'Parte por subconjunto correcto',
    ja: '部分正解の配点割合',
  },
  showResult: {
    zh: '交卷后显示',
    en: 'Shown after submitting',
    es: 'Se muestra al entregar',
    ja: '提出後の表示',
  },
  allowReview: {
    zh: '允许查看答卷',
    en: 'Review allowed',
    es: 'Revisión permitida',
    ja: '答案の閲覧',
  },
  leaveLimit: {
    zh: '切屏次数限制',
    en: 'Leaving the page',
    es: 'Salidas de la página',
    ja: '画面離脱の上限',
  },
  fullscreen: { zh: '全屏作答', en: 'Fullscreen', es: 'Pantalla completa', ja: '全画面' },
  takeover: { zh: '另一设备登录', en: 'Another device', es: 'Otro dispositivo', ja: '別の端末' },
  ipAllowList: {
    zh: '允许的 IP 地址',
    en: 'Allowed addresses',
    es: 'Direcciones permitidas',
    ja: '許可するアドレス',
  },
  accessCode: { zh: '考试口令', en: 'Access code', es: 'Código de acceso', ja: '受験パスワード' },
  examId: { zh: '考试', en: 'Exam', es: 'Examen', ja: '試験' },
  studentIds: { zh: '考生', en: 'Students', es: 'Candidatos', ja: '受験者' },
  studentId: { zh: '考生', en: 'Student', es: 'Candidato', ja: '受験者' },
  minutes: { zh: '分钟', en: 'Minutes', es: 'Minutos', ja: '分' },
  who: { zh: '补考对象', en: 'Make-up for', es: 'Recuperación para', ja: '追試の対象' },
  from: { zh: '起', en: 'From', es: 'Desde', ja: '開始' },
  to: { zh: '止', en: 'To', es: 'Hasta', ja: '終了' },
  search: { zh: '搜索', en: 'Search', es: 'Búsqueda', ja: '検索' },
  includeUnreleased: {
    zh: '包含未发布成绩',
    en: 'Include unreleased scores',
    es: 'Incluir notas no publicadas',
    ja: '未公開の成績を含める',
  },
  questionIds: { zh: '试题', en: 'Questions', es: 'Preguntas', ja: '設問' },
  state: { zh: '状态', en: 'State', es: 'Estado', ja: '状態' },
  attemptId: { zh: '答卷', en: 'Attempt', es: 'Intento', ja: '受験記録' },
  itemId: { zh: '题目', en: 'Question', es: 'Pregunta', ja: '設問' },
  seq: { zh: '保存序号', en: 'Save number', es: 'Número de guardado', ja: '保存番号' },
  value: { zh: '答案', en: 'Answer', es: 'Respuesta', ja: '解答' },
  double: { zh: '双评', en: 'Double marking', es: 'Doble corrección', ja: '二重採点' },
  tolerance: { zh: '误差范围', en: 'Tolerance', es: 'Tolerancia', ja: '許容差' },
  step: { zh: '给分步长', en: 'Score step', es: 'Paso de puntuación', ja: '採点刻み' },
  auditShare: { zh: '抽查比例', en: 'Audit sample', es: 'Muestra de revisión', ja: '抜き取り率' },
  assignments: { zh: '阅卷分工', en: 'Assignments', es: 'Asignaciones', ja: '担当割り当て' },
  markerIds: { zh: '阅卷人', en: 'Markers', es: 'Correctores', ja: '採点者' },
  answerId: { zh: '答案', en: 'Answer', es: 'Respuesta', ja: '解答' },
  comment: { zh: '评语', en: 'Comment', es: 'Comentario', ja: 'コメント' },
} as const satisfies Record<string, Localized>;

export type FieldKey = keyof typeof FIELD_LABELS;

/**
 * A parameter is either shown as it is, or is itself worded per language (an entity's or a
 * field's name).
 */
export type MessageParam = string | number | Localized;
export type MessageParams = Readonly<Record<string, MessageParam>>;

const isLanguage = (value: string): value is MessageLanguage =>
  (MESSAGE_LANGUAGES as readonly string[]).includes(value);

/**
 * The language of a request: the first of Accept-Language's tags (by quality) that we speak,
 * else en (spec §2's default).
 */
export function languageOf(acceptLanguage: string | undefined): MessageLanguage {
  if (!acceptLanguage) return 'en';
  const tags = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      const quality = q ? Number(q.trim().slice(2)) : 1;
      return { base: tag.toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return tags.map((entry) => entry.base).find(isLanguage) ?? 'en';
}

/** `{name}` placeholders of a text, sorted (tests compare them across languages). */
export const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

const fill = (text: string, params: MessageParams, language: MessageLanguage) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[language] : String(value);
  });

export const renderMessage = (
  key: MessageKey,
  params: MessageParams,
  language: MessageLanguage,
): string => fill(SERVER_MESSAGES[key][language], params, language);

/**
 * A field name several calls share with different meanings, worded per API (the request path's
 * prefix): `mode` is an import's mode in general, but a paper's way of being filled and a marking
 * plan's way of marking.
 */
export const SCOPED_FIELD_LABELS: readonly {
  prefix: string;
  labels: Readonly<Record<string, Localized>>;
}[] = [
  {
    prefix: '/api/kaoshi-marking/',
    labels: {
      mode: { zh: '阅卷方式', en: 'Marking mode', es: 'Modo de corrección', ja: '採点方式' },
    },
  },
  {
    prefix: '/api/kaoshi-paper/',
    labels: {
      mode: { zh: '组卷方式', en: 'How it is filled', es: 'Cómo se llena', ja: '作成方法' },
    },
  },
];

/**
 * A field's name in the language; a field the catalogue lacks keeps its own name. `path`: the
 * request's path, for the names SCOPED_FIELD_LABELS words per API.
 */
export const fieldLabel = (field: string, language: MessageLanguage, path = ''): string => {
  const name = field.split('.').findLast((part) => !/^\d+$/.test(part)) ?? field;
  const scoped = SCOPED_FIELD_LABELS.find((scope) => path.startsWith(scope.prefix))?.labels[name];
  return (scoped ?? (FIELD_LABELS as Record<string, Localized>)[name])?.[language] ?? field;
};

/** "用户名：…", "Username: …". */
export const withFieldLabel = (field: string, text: string, language: MessageLanguage, path = '') =>
  `${fieldLabel(field, language, path)}${language === 'zh' || language === 'ja' ? '：' : ': '}${text}`;

/** A message worded in every language, to be a parameter of another (a list of problems). */
export const localized = (key: MessageKey, params: MessageParams = {}): Localized =>
  Object.fromEntries(
    MESSAGE_LANGUAGES.map((language) => [language, renderMessage(key, params, language)]),
  ) as Record<MessageLanguage, string>;

/**
 * For a shared schema's own refinements: the English text for any reader, and the key the
 * server words in the request's language.
 */
export const schemaMessage = (key: MessageKey, params: MessageParams = {}) => ({
  message: renderMessage(key, params, 'en'),
  params: { messageKey: key, messageParams: params },
});
