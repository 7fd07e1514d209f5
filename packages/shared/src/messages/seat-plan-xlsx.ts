import type { SeatPlanXlsxColumn } from '../schemas/seat-plan-xlsx.js';
import type { InLanguages, Localized } from './languages.js';

/** Messages of the seat plan's .xlsx import (docs/features/venues.md). */
export const SEAT_PLAN_XLSX_MESSAGES = {
  seatPlanImportProblems: {
    zh: '座位安排文件有误，未做任何修改：{problems}',
    en: 'the seat plan file has problems and nothing was changed: {problems}',
    es: 'el archivo de la distribución de asientos tiene problemas y no se cambió nada: {problems}',
    ja: '座席表ファイルに誤りがあるため、何も変更しませんでした：{problems}',
  },
  seatPlanUnknownTicket: {
    zh: '本场考试没有准考证号为“{value}”的考生',
    en: 'no candidate of this exam has ticket number "{value}"',
    es: 'ningún candidato de este examen tiene el n.º de admisión "{value}"',
    ja: 'この試験に受験番号「{value}」の受験者はいません',
  },
  seatPlanTicketTwice: {
    zh: '准考证号“{value}”已在第 {row} 行出现',
    en: 'ticket number "{value}" is also on row {row}',
    es: 'el n.º de admisión "{value}" ya está en la fila {row}',
    ja: '受験番号「{value}」は {row} 行目にもあります',
  },
  seatPlanUnknownRoom: {
    zh: '考点“{venue}”中没有考场“{room}”',
    en: 'there is no room "{room}" in venue "{venue}"',
    es: 'no hay ningún aula "{room}" en la sede "{venue}"',
    ja: '試験会場「{venue}」に試験室「{room}」はありません',
  },
  seatPlanRoomAndSeat: {
    zh: '考点、考场和座位号须一起填写，或都留空（不安排考场）',
    en: 'give the venue, the room and the seat together, or leave all three empty (no room)',
    es: 'indique la sede, el aula y el asiento juntos, o deje los tres vacíos (sin aula)',
    ja: '試験会場・試験室・座席番号はまとめて入力するか、すべて空欄にしてください（試験室なし）',
  },
  seatPlanSeatNumber: {
    zh: '“{value}”不是座位号（从 1 开始的整数）',
    en: '"{value}" is not a seat number (a whole number from 1)',
    es: '"{value}" no es un número de asiento (un entero desde 1)',
    ja: '「{value}」は座席番号ではありません（1 以上の整数）',
  },
  seatPlanSeatTwice: {
    zh: '考场“{room}”的 {seat} 号座位也在第 {row} 行安排给了 {ticket}',
    en: 'seat {seat} of room "{room}" is also given to {ticket} on row {row}',
    es: 'el asiento {seat} del aula "{room}" también se asigna a {ticket} en la fila {row}',
    ja: '試験室「{room}」の {seat} 番の座席は {row} 行目で {ticket} にも割り当てられています',
  },
  seatPlanUnknownSession: {
    zh: '本场考试没有名为“{value}”的场次',
    en: 'this exam has no session named "{value}"',
    es: 'este examen no tiene ninguna sesión llamada "{value}"',
    ja: 'この試験に「{value}」という実施回はありません',
  },
} as const satisfies Record<string, Localized>;

/** The seat plan export's words in each language (its headers are what the import reads). */
export const SEAT_PLAN_XLSX_TEXTS: InLanguages<{
  fileName: string;
  sheet: string;
  roomsSheet: string;
  columns: Record<SeatPlanXlsxColumn, string>;
  roomColumns: [string, string, string];
}> = {
  zh: {
    fileName: '座位安排',
    sheet: '座位安排',
    roomsSheet: '考场',
    columns: {
      venue: '考点',
      room: '考场',
      seat: '座位号',
      ticketNumber: '准考证号',
      name: '姓名',
      batch: '报名批次',
      idNumber: '证件号码',
      session: '场次',
    },
    roomColumns: ['考点', '考场', '座位数'],
  },
  en: {
    fileName: 'seat-plan',
    sheet: 'Seat plan',
    roomsSheet: 'Rooms',
    columns: {
      venue: 'Venue',
      room: 'Room',
      seat: 'Seat',
      ticketNumber: 'Ticket number',
      name: 'Name',
      batch: 'Batch',
      idNumber: 'ID number',
      session: 'Session',
    },
    roomColumns: ['Venue', 'Room', 'Seats'],
  },
  es: {
    fileName: 'distribucion-asientos',
    sheet: 'Asientos',
    roomsSheet: 'Aulas',
    columns: {
      venue: 'Sede',
      room: 'Aula',
      seat: 'Asiento',
      ticketNumber: 'N.º de admisión',
      name: 'Nombre',
      batch: 'Convocatoria',
      idNumber: 'N.º de documento',
      session: 'Sesión',
    },
    roomColumns: ['Sede', 'Aula', 'Asientos'],
  },
  ja: {
    fileName: '座席表',
    sheet: '座席表',
    roomsSheet: '試験室',
    columns: {
      venue: '試験会場',
      room: '試験室',
      seat: '座席番号',
      ticketNumber: '受験番号',
      name: '氏名',
      batch: '申込回次',
      idNumber: '身分証番号',
      session: '実施回',
    },
    roomColumns: ['試験会場', '試験室', '座席数'],
  },
};
