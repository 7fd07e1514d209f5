import { z } from 'zod';
import {
  answerSaveSchema,
  CLIENT_EVENT_TYPES,
  type AnswerValue,
  type ClientEventType,
} from './schemas/attempt.js';
import { dbId } from './schemas/common.js';

/**
 * The encrypted answer file (docs/features/answer-file.md): a candidate whose machine cannot
 * reconnect before the deadline downloads it; an invigilator uploads it. The page seals it with
 * the attempt's own key (AES-256-GCM through WebCrypto, on the page and on the server alike);
 * the attempt is named in clear so the server finds the key, and is bound to the ciphertext as
 * its additional data, so a changed byte anywhere fails authentication.
 */
export const ANSWER_FILE_EXTENSION = '.kaoshi-answers';
export const ANSWER_FILE_FORMAT = 'kaoshi-answer-file';
export const ANSWER_FILE_VERSION = 1;
/** The largest file the upload takes (its text). */
export const ANSWER_FILE_MAX_CHARS = 4 * 1024 * 1024;

/** `<ticket>-<attempt>.kaoshi-answers`: the file's name as the page offers it. */
export const answerFileName = (ticketNumber: string, attemptId: number) =>
  `${ticketNumber.replace(/[^\w-]+/g, '_')}-${attemptId}${ANSWER_FILE_EXTENSION}`;

/** An answer the page still holds for the server, with the server's time as the page counted it. */
export interface AnswerFileAnswer {
  itemId: string;
  seq: number;
  value: AnswerValue;
  /** When it was given, on the server's clock as the page counted it (ISO). */
  at: string;
}

/** What the file holds, once opened. */
export interface AnswerFilePayload {
  attemptId: number;
  /** When the file was made, on the server's clock as the page counted it (ISO). */
  madeAt: string;
  answers: AnswerFileAnswer[];
  /** Integrity events raised offline and not yet sent. */
  events: { type: ClientEventType; at: string }[];
}

const isoTime = z.string().datetime({ offset: true });

/** The opened payload's shape (the server checks it after authentication). */
export const answerFilePayloadSchema = z.object({
  attemptId: dbId,
  madeAt: isoTime,
  answers: z.array(answerSaveSchema.extend({ at: isoTime })).max(5000),
  events: z.array(z.object({ type: z.enum(CLIENT_EVENT_TYPES), at: isoTime })).max(200),
});

/** The file as stored: the attempt in clear, the rest ciphertext. */
const envelopeSchema = z.object({
  format: z.literal(ANSWER_FILE_FORMAT),
  version: z.literal(ANSWER_FILE_VERSION),
  attemptId: dbId,
  iv: z.string().min(1),
  ciphertext: z.string().min(1),
});

/** Why a file could not be opened: not an answer file at all, or changed (or of another key). */
export class AnswerFileProblem extends Error {
  constructor(readonly kind: 'format' | 'authentication') {
    super(kind === 'format' ? 'not an answer file' : 'answer file failed authentication');
  }
}

// The shared package has no DOM or Node typings: the few WebCrypto and text calls both sides have.
interface Subtle {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'AES-GCM' },
    extractable: false,
    usages: ('encrypt' | 'decrypt')[],
  ): Promise<unknown>;
  encrypt(
    algorithm: { name: 'AES-GCM'; iv: Uint8Array; additionalData: Uint8Array },
    key: unknown,
    data: Uint8Array,
  ): Promise<ArrayBuffer>;
  decrypt(
    algorithm: { name: 'AES-GCM'; iv: Uint8Array; additionalData: Uint8Array },
    key: unknown,
    data: Uint8Array,
  ): Promise<ArrayBuffer>;
}
interface Platform {
  crypto: { subtle: Subtle; getRandomValues(array: Uint8Array): Uint8Array };
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
  btoa(binary: string): string;
  atob(base64: string): string;
}
const platform = () => globalThis as unknown as Platform;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return platform().btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = platform().atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The additional data: the clear part the tag also covers (format, version, attempt). */
const boundData = (attemptId: number) =>
  new (platform().TextEncoder)().encode(
    `${ANSWER_FILE_FORMAT}/${ANSWER_FILE_VERSION}/${attemptId}`,
  );

const importKey = (keyBase64: string, usage: 'encrypt' | 'decrypt') =>
  platform().crypto.subtle.importKey('raw', base64ToBytes(keyBase64), { name: 'AES-GCM' }, false, [
    usage,
  ]);

/** Seals the payload with the attempt's key (base64 of 32 bytes): the file's text. */
export async function sealAnswerFile(
  keyBase64: string,
  payload: AnswerFilePayload,
): Promise<string> {
  const { crypto, TextEncoder } = platform();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: boundData(payload.attemptId) },
    await importKey(keyBase64, 'encrypt'),
    new TextEncoder().encode(JSON.stringify(payload)),
  );
  return JSON.stringify({
    format: ANSWER_FILE_FORMAT,
    version: ANSWER_FILE_VERSION,
    attemptId: payload.attemptId,
    iv: bytesToBase64(iv),
    ciphertext: bytesToBase64(new Uint8Array(ciphertext)),
  });
}

/** The attempt a file names in clear (AnswerFileProblem 'format' if it is no answer file). */
export function answerFileAttempt(text: string): number {
  return readEnvelope(text).attemptId;
}

function readEnvelope(text: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AnswerFileProblem('format');
  }
  const envelope = envelopeSchema.safeParse(parsed);
  if (!envelope.success) throw new AnswerFileProblem('format');
  return envelope.data;
}

/**
 * Opens a file with its attempt's key: AnswerFileProblem 'authentication' when any byte was
 * changed (or the key is another attempt's), 'format' when it is no answer file.
 */
export async function openAnswerFile(text: string, keyBase64: string): Promise<AnswerFilePayload> {
  const envelope = readEnvelope(text);
  let plain: ArrayBuffer;
  try {
    plain = await platform().crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: base64ToBytes(envelope.iv),
        additionalData: boundData(envelope.attemptId),
      },
      await importKey(keyBase64, 'decrypt'),
      base64ToBytes(envelope.ciphertext),
    );
  } catch {
    throw new AnswerFileProblem('authentication');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(new (platform().TextDecoder)().decode(new Uint8Array(plain)));
  } catch {
    throw new AnswerFileProblem('format');
  }
  const checked = answerFilePayloadSchema.safeParse(payload);
  if (!checked.success || checked.data.attemptId !== envelope.attemptId) {
    throw new AnswerFileProblem('format');
  }
  return checked.data;
}

// ── The upload (docs/features/answer-file.md) ──────────────────────────────────────────────

/** uploadAnswerFile: the file's text for one candidate of the exam (the row it was chosen on). */
export const uploadAnswerFileBody = z.object({
  examId: dbId,
  studentId: dbId,
  fileName: z.string().trim().min(1).max(255),
  content: z.string().min(1).max(ANSWER_FILE_MAX_CHARS),
});
export type UploadAnswerFileBody = z.output<typeof uploadAnswerFileBody>;

/** An answer of the file not applied, with the reason in the caller's language. */
export interface AnswerFileRefusal {
  itemId: string;
  seq: number;
  code: number;
  message: string;
}

export interface AnswerFileResult {
  attemptId: number;
  /** Newer than the stored answer: written. */
  applied: number;
  /** Not newer than the stored answer (already on the server): nothing written. */
  ignored: number;
  refused: AnswerFileRefusal[];
  /** Integrity events of the file logged. */
  events: number;
  /** The attempt had ended at its deadline: its objective score was computed again. */
  rescored: boolean;
}
