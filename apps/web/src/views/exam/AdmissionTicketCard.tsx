import type { AdmissionTicket, AdmissionTickets, CertLevel } from '@kaoshi/shared';
import { QRCode } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLevelLabel } from '../../components/structure';
import { localWindow } from '../../components/exam/exam-format';

type TicketField =
  | 'name'
  | 'ticketNumber'
  | 'idNumber'
  | 'subject'
  | 'time'
  | 'session'
  | 'duration'
  | 'batch'
  | 'room'
  | 'seat'
  | 'signIn'
  | 'password';

interface AdmissionTicketCardProps {
  exam: Omit<AdmissionTickets, 'tickets'>;
  ticket: AdmissionTicket;
}

/** One admission ticket (准考证): the candidate, the exam, where to sign in, and a QR code of the ticket number. */
export function AdmissionTicketCard({ exam, ticket }: AdmissionTicketCardProps) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  // A photo that cannot be shown (moved, or an address the page may not load) leaves the box.
  const [photoFailed, setPhotoFailed] = useState(false);
  const fields: [TicketField, string, string?][] = [
    ['name', ticket.name],
    ['ticketNumber', ticket.ticketNumber, 'ticket-strong'],
    ['idNumber', ticket.idNumber],
    ['subject', `${exam.subjectName} · ${levelLabel(exam.level as CertLevel)}`],
    // A candidate with a session (场次) sits in its window, not the exam's.
    ...(ticket.session === null
      ? [['time', localWindow(exam.startAt, exam.endAt)] as [TicketField, string]]
      : [
          ['session', ticket.session.name, 'ticket-strong'] as [TicketField, string, string],
          ['time', localWindow(ticket.session.startAt, ticket.session.endAt)] as [
            TicketField,
            string,
          ],
        ]),
    ['duration', t('exam.minutes', { count: exam.durationMinutes })],
    ['batch', ticket.className],
    // The venue and room of the seat plan (docs/features/venues.md), when seated in one.
    ...(ticket.roomName === null
      ? []
      : [['room', `${ticket.venueName} · ${ticket.roomName}`] as [TicketField, string]]),
    ['seat', String(ticket.seatNumber), 'ticket-strong'],
    ['signIn', exam.signInUrl, 'ticket-url'],
    ...(ticket.initialPassword === null
      ? []
      : [['password', ticket.initialPassword, 'ticket-strong'] as [TicketField, string, string]]),
  ];
  return (
    <article className="ticket" data-ticket={ticket.ticketNumber}>
      <header className="ticket-header">
        <h2 className="ticket-title">{t('exam.ticket.title')}</h2>
        <p className="ticket-exam">{exam.examName}</p>
      </header>
      <div className="ticket-body">
        <dl className="ticket-fields">
          {fields.map(([key, value, className]) => (
            <div key={key} className="ticket-field" data-field={key}>
              <dt>{t(`exam.ticket.fields.${key}`)}</dt>
              <dd className={className}>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="ticket-side">
          <div className="ticket-photo">
            {ticket.photo && !photoFailed ? (
              <img
                src={ticket.photo}
                alt={t('exam.ticket.photoOf', { name: ticket.name })}
                onError={() => setPhotoFailed(true)}
              />
            ) : (
              <span>{t('exam.ticket.photo')}</span>
            )}
          </div>
          <div
            className="ticket-qr"
            role="img"
            aria-label={t('exam.ticket.qr', { ticket: ticket.ticketNumber })}
          >
            <QRCode type="svg" value={ticket.ticketNumber} size={104} bordered={false} />
          </div>
        </div>
      </div>
      <footer className="ticket-notes">{t('exam.ticket.notes')}</footer>
    </article>
  );
}
