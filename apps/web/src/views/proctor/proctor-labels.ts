import type { ProctorCandidateEvents, ProctorEventView } from '@kaoshi/shared';
import type { TFunction } from 'i18next';
import { formatRemaining } from '../../components/time/format-remaining';

/** The integrity events the view names (others show by their stored name). */
export const EVENT_TYPES = [
  'left_page',
  'page_hidden',
  'page_back',
  'link_task_opened',
  'fullscreen_left',
  'paste',
  'address_changed',
  'takeover',
  'joined',
  'address_refused',
] as const;
type EventType = (typeof EVENT_TYPES)[number];
const isEventType = (type: string): type is EventType =>
  (EVENT_TYPES as readonly string[]).includes(type);

/**
 * What the page reports on the way to a counted leave (and each join): in the drawer and the
 * log, not counted in the table, where a reload would look like leaving.
 */
export const SIGNAL_TYPES: readonly string[] = [
  'joined',
  'page_hidden',
  'page_back',
  'link_task_opened',
];

export const eventName = (t: TFunction, type: string) =>
  isEventType(type) ? t(`proctor.event.${type}`) : type;
export const eventShortName = (t: TFunction, type: string) =>
  isEventType(type) ? t(`proctor.eventShort.${type}`) : type;

/** An event's own words: where it came from (an address change names both). */
export function eventDetail(t: TFunction, event: ProctorEventView): string {
  const { from, to } = event.detail;
  if (event.type === 'address_changed' && typeof from === 'string' && typeof to === 'string') {
    return `${from} → ${to}`;
  }
  if (typeof from === 'string') return t('proctor.drawer.from', { address: from });
  return event.ip;
}

/** A proctor's action as a line, then its reason. */
export function actionLines(
  t: TFunction,
  action: ProctorCandidateEvents['actions'][number],
): string[] {
  const { detail } = action;
  const lines: string[] = [];
  switch (action.action) {
    case 'extraTime': {
      const [from, to] = Array.isArray(detail.minutes) ? detail.minutes : [0, detail.minutes];
      lines.push(t('proctor.drawer.extraTime', { from: Number(from), to: Number(to) }));
      break;
    }
    case 'proctorSubmit':
      lines.push(t('proctor.drawer.proctorSubmit'));
      break;
    case 'proctorReopen':
      lines.push(t('proctor.drawer.proctorReopen', { minutes: Number(detail.minutes) }));
      break;
    case 'proctorMessage':
      lines.push(t('proctor.drawer.proctorMessage', { content: String(detail.content ?? '') }));
      break;
    case 'proctorPause':
      lines.push(t('proctor.drawer.proctorPause'));
      break;
    case 'proctorResume':
      lines.push(
        t('proctor.drawer.proctorResume', {
          paused: formatRemaining(Number(detail.pausedSeconds ?? 0) * 1000),
          given: formatRemaining(Number(detail.givenBackSeconds ?? 0) * 1000),
        }),
      );
      break;
    default:
      lines.push(action.action);
  }
  if (typeof detail.reason === 'string') {
    lines.push(t('proctor.drawer.reason', { reason: detail.reason }));
  }
  return lines;
}

/** A candidate's rest breaks: "on break (1/2)" while one goes on, else "breaks 1/2". */
export const breaksLabel = (
  t: TFunction,
  breaks: { allowed: number; taken: number; onBreak: boolean },
) =>
  t(breaks.onBreak ? 'proctor.onBreak' : 'proctor.breaksTaken', {
    taken: breaks.taken,
    allowed: breaks.allowed,
  });
