import type { InLanguages } from './languages.js';

/** The event log export's words in each language (docs/features/proctoring.md). */
export interface ProctorExportTexts {
  fileName: string;
  eventsSheet: string;
  eventColumns: string[];
  actionsSheet: string;
  actionColumns: string[];
  /** Integrity events and proctors' actions by their stored name. */
  types: Record<string, string>;
  all: string;
}

export const PROCTOR_EXPORT_TEXTS: InLanguages<ProctorExportTexts> = {
  zh: {
    fileName: '考试事件日志',
    eventsSheet: '考生事件',
    eventColumns: ['时间', '准考证号', '姓名', '事件', '详情', '地址'],
    actionsSheet: '监考操作',
    actionColumns: ['时间', '操作人', '操作', '考生', '原因或内容', '详情'],
    types: {
      joined: '进入考试页面',
      page_hidden: '页面被隐藏',
      left_page: '离开考试页面',
      page_back: '回到考试页面',
      link_task_opened: '打开操作题任务',
      fullscreen_left: '退出全屏',
      paste: '粘贴',
      address_changed: '地址变化',
      takeover: '另一设备接管',
      address_refused: '被拒绝：地址不在允许范围内',
      extraTime: '延长时间',
      proctorSubmit: '监考收卷',
      proctorReopen: '重新开放答卷',
      proctorMessage: '发送消息',
      proctorPause: '暂停答卷',
      proctorResume: '恢复答卷',
    },
    all: '全部考生',
  },
  en: {
    fileName: 'exam event log',
    eventsSheet: 'Candidate events',
    eventColumns: ['Time', 'Ticket number', 'Name', 'Event', 'Details', 'Address'],
    actionsSheet: 'Proctor actions',
    actionColumns: ['Time', 'By', 'Action', 'Candidate', 'Reason or message', 'Details'],
    types: {
      joined: 'Opened the exam page',
      page_hidden: 'Page hidden',
      left_page: 'Left the exam page',
      page_back: 'Back on the exam page',
      link_task_opened: 'Opened the link task',
      fullscreen_left: 'Left full screen',
      paste: 'Pasted',
      address_changed: 'Address changed',
      takeover: 'Taken over by another device',
      address_refused: 'Refused: address outside the allowed list',
      extraTime: 'Extra time',
      proctorSubmit: 'Submitted by proctor',
      proctorReopen: 'Attempt reopened',
      proctorMessage: 'Message sent',
      proctorPause: 'Attempt paused',
      proctorResume: 'Attempt resumed',
    },
    all: 'All candidates',
  },
  es: {
    fileName: 'registro de eventos del examen',
    eventsSheet: 'Eventos de candidatos',
    eventColumns: ['Hora', 'Número de boleta', 'Nombre', 'Evento', 'Detalles', 'Dirección'],
    actionsSheet: 'Acciones del supervisor',
    actionColumns: ['Hora', 'Por', 'Acción', 'Candidato', 'Motivo o mensaje', 'Detalles'],
    types: {
      joined: 'Abrió la página del examen',
      page_hidden: 'Página oculta',
      left_page: 'Salió de la página del examen',
      page_back: 'Volvió a la página del examen',
      link_task_opened: 'Abrió la tarea enlazada',
      fullscreen_left: 'Salió de pantalla completa',
      paste: 'Pegó texto',
      address_changed: 'Cambió la dirección',
      takeover: 'Tomado por otro dispositivo',
      address_refused: 'Rechazado: dirección fuera de la lista permitida',
      extraTime: 'Tiempo adicional',
      proctorSubmit: 'Entregado por el supervisor',
      proctorReopen: 'Intento reabierto',
      proctorMessage: 'Mensaje enviado',
      proctorPause: 'Intento en pausa',
      proctorResume: 'Intento reanudado',
    },
    all: 'Todos los candidatos',
  },
  ja: {
    fileName: '試験イベントログ',
    eventsSheet: '受験者のイベント',
    eventColumns: ['時刻', '受験番号', '氏名', 'イベント', '詳細', 'アドレス'],
    actionsSheet: '監督者の操作',
    actionColumns: ['時刻', '操作者', '操作', '受験者', '理由またはメッセージ', '詳細'],
    types: {
      joined: '試験ページを開いた',
      page_hidden: 'ページが非表示',
      left_page: '試験ページを離れた',
      page_back: '試験ページに戻った',
      link_task_opened: 'リンク課題を開いた',
      fullscreen_left: '全画面を終了した',
      paste: '貼り付け',
      address_changed: 'アドレスが変わった',
      takeover: '別の端末に引き継がれた',
      address_refused: '拒否：許可されていないアドレス',
      extraTime: '時間延長',
      proctorSubmit: '監督者が提出',
      proctorReopen: '答案を再開',
      proctorMessage: 'メッセージ送信',
      proctorPause: '答案を一時停止',
      proctorResume: '答案を再開',
    },
    all: '全受験者',
  },
};
