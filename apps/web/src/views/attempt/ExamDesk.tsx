import {
  FullscreenOutlined,
  LeftOutlined,
  MinusOutlined,
  OrderedListOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { QuestionType, type AnswerValue, type AttemptView } from '@kaoshi/shared';
import { Alert, App, Button, Drawer, Grid, Segmented, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAnswered, toggleChoice } from './answer-merge';
import { AttemptRefusal, pageInView } from './attempt-session';
import { AttemptReceipt } from './AttemptReceipt';
import { ClockAnnouncer } from './ClockAnnouncer';
import { ExamHeader } from './ExamHeader';
import { isTextEntry, keyAction } from './exam-keys';
import { FONT_SIZES, useExamPrefs, useFlags, type ExamLayout } from './exam-prefs';
import { paperItems, type PaperItem } from './paper-items';
import { PausedOverlay, ResumedNotice } from './PausedOverlay';
import { BreakOverlay, RestBreakButton } from './RestBreak';
import { OfflineBanner } from './OfflineBanner';
import { downloadAnswerFile } from './download-answer-file';
import { QuestionCard } from './QuestionCard';
import { QuestionNavigator } from './QuestionNavigator';
import { useAttemptSession } from './use-attempt-session';
import { watermarkImage } from './watermark';
import './exam-page.css';

/** How long Submit waits for the last answers to reach the server before it gives up. */
const SUBMIT_SAVE_WAIT_MS = 15_000;

/**
 * The exam itself: the header with the server's time and the save state, the navigator, the
 * questions one at a time or a section at once, the keys, the integrity reports, Submit, and
 * the receipt once the attempt has ended.
 */
export function ExamDesk({ view }: { view: AttemptView }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  // Accommodations: the screen-reader layout is one column (docs/features/accommodations.md).
  const screenReader = view.accommodation?.screenReader === true;
  const narrow = !screens.lg || screenReader;
  const { session, state } = useAttemptSession(view);
  const items = useMemo(() => paperItems(view.paper), [view.paper]);
  const [current, setCurrent] = useState(0);
  const [prefs, changePrefs] = useExamPrefs(view.accommodation?.largeFont === true);
  const [flags, toggleFlag] = useFlags(view.attemptId);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(() => document.fullscreenElement !== null);
  /** The deadline's last move the candidate closed the message of. */
  const [timeChangeSeen, setTimeChangeSeen] = useState(0);
  /** The keys rest while a dialog (the submit confirmation) is open. */
  const keysPaused = useRef(false);
  const running = state.finished === null && state.stopped === null;
  // Paused by a proctor: the paper is hidden and takes no answers until the resume.
  const answering = running && state.loaded && state.paused === null;
  const entry = items[current];
  const timeChange =
    running && state.timeChange && state.timeChange.serial > timeChangeSeen
      ? state.timeChange
      : null;

  const jump = useCallback(
    (index: number, { focus = true } = {}) => {
      const target = items[Math.max(0, Math.min(items.length - 1, index))];
      if (!target) return;
      setCurrent(target.index);
      setDrawerOpen(false);
      // After the render that shows it: the question takes the focus, so that Tab goes on from it.
      requestAnimationFrame(() => {
        const element = document.getElementById(`exam-item-${target.item.itemId}`);
        element?.scrollIntoView({ block: 'nearest' });
        if (focus) element?.focus({ preventScroll: true });
      });
    },
    [items],
  );

  const answer = useCallback(
    (itemId: string, value: AnswerValue, options?: { typing: boolean }) =>
      session.setAnswer(itemId, value, options),
    [session],
  );

  // The keys: A–J or 1–9 pick an option, ← → move, F flags; never inside a text field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!answering || keysPaused.current || drawerOpen || !entry) return;
      if (event.defaultPrevented || isTextEntry(event.target)) return;
      const action = keyAction(event);
      if (!action) return;
      const { item } = entry;
      if (action.kind === 'move') jump(current + action.by, { focus: screenReader });
      else if (action.kind === 'flag') toggleFlag(item.itemId);
      else {
        const value = state.values[item.itemId];
        if (item.type === QuestionType.JUDGEMENT) {
          if (action.index > 1) return;
          answer(item.itemId, action.index === 0 ? 'T' : 'F');
        } else if (item.type === QuestionType.SINGLE || item.type === QuestionType.MULTIPLE) {
          const option = item.options[action.index];
          if (!option) return;
          const picked = typeof value === 'string' ? value : '';
          answer(
            item.itemId,
            item.type === QuestionType.SINGLE ? option.key : toggleChoice(picked, option.key),
          );
        } else return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [answering, drawerOpen, entry, current, jump, toggleFlag, answer, state.values, screenReader]);

  // Integrity: the page reports when it goes out of view and when it is back; the server counts
  // a leave only if it stays away past a grace (a reload is none). What typing held back is sent
  // before the page may be frozen or closed.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') {
        if (pageInView(view.fullscreen)) void session.report('page_back');
        return;
      }
      session.flush();
      void session.report('page_hidden');
    };
    const onPageHide = () => session.flush();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [session, view.fullscreen]);

  useEffect(() => {
    const onChange = () => {
      const now = document.fullscreenElement !== null;
      setFullscreen(now);
      if (!view.fullscreen) return;
      if (!now) void session.report('fullscreen_left');
      else if (pageInView(true)) void session.report('page_back');
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [session, view.fullscreen]);

  const onElapsed = useCallback(() => session.stop('time'), [session]);

  const submit = async () => {
    setSubmitError(null);
    if (!navigator.onLine) {
      setSubmitError(t('attemptPage.submit.offline'));
      return;
    }
    setSubmitting(true);
    try {
      await session.whenSaved(SUBMIT_SAVE_WAIT_MS);
    } catch {
      setSubmitError(t('attemptPage.submit.notSaved'));
      setSubmitting(false);
      return;
    }
    try {
      await session.submit();
    } catch (error) {
      setSubmitError(error instanceof AttemptRefusal ? error.message : t('common.error'));
    } finally {
      setSubmitting(false);
    }
  };

  const confirmSubmit = () => {
    session.flush();
    const unanswered = items.filter((item) => !isAnswered(state.values[item.item.itemId]));
    const flagged = items.filter((item) => flags.has(item.item.itemId));
    keysPaused.current = true;
    const numbers = (list: PaperItem[]) => (
      <div className="exam-submit-numbers">
        {list.map((item) => (
          <Button
            key={item.item.itemId}
            size="small"
            onClick={() => {
              dialog.destroy();
              keysPaused.current = false;
              jump(item.index);
            }}
          >
            {item.number}
          </Button>
        ))}
      </div>
    );
    const dialog = modal.confirm({
      title: t('attemptPage.submit.title'),
      width: 480,
      content: (
        <div className="exam-submit-summary">
          {unanswered.length === 0 ? (
            <p>{t('attemptPage.submit.allAnswered')}</p>
          ) : (
            <>
              <p>{t('attemptPage.submit.unanswered', { count: unanswered.length })}</p>
              {numbers(unanswered)}
            </>
          )}
          {flagged.length > 0 && (
            <>
              <p>{t('attemptPage.submit.flagged', { count: flagged.length })}</p>
              {numbers(flagged)}
            </>
          )}
          <p className="exam-submit-final">{t('attemptPage.submit.final')}</p>
        </div>
      ),
      okText: t('attemptPage.submit.ok'),
      cancelText: t('attemptPage.submit.cancel'),
      onOk: () => void submit(),
      afterClose: () => {
        keysPaused.current = false;
      },
    });
  };

  if (state.finished) {
    return (
      <div className="exam-page exam-page-done">
        <AttemptReceipt receipt={state.finished} examName={view.examName} />
      </div>
    );
  }

  const shown =
    prefs.layout === 'one' || !entry
      ? items.slice(current, current + 1)
      : items.filter((item) => item.section === entry.section);
  const section = entry ? view.paper.sections[entry.section] : undefined;
  const firstShown = shown[0]?.index ?? 0;
  const lastShown = shown[shown.length - 1]?.index ?? 0;
  const fontIndex = FONT_SIZES.findIndex((size) => size === prefs.fontSize);
  const answeredCount = items.filter((item) => isAnswered(state.values[item.item.itemId])).length;

  const questionNav = (
    <QuestionNavigator
      paper={view.paper}
      items={items}
      values={state.values}
      flags={flags}
      current={current}
      onJump={jump}
    />
  );

  return (
    <div
      className={[
        'exam-page',
        state.paused && running ? 'exam-page-paused' : '',
        screenReader ? 'exam-page-sr' : '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {running && screenReader && <ClockAnnouncer endsAt={state.endsAt} />}
      <ExamHeader
        view={view}
        endsAt={state.endsAt}
        link={state.link}
        pendingCount={state.pendingCount}
        savedAt={state.savedAt}
        running={running}
        paused={state.paused}
        onElapsed={onElapsed}
        onSubmit={confirmSubmit}
        submitting={submitting}
      />
      <div className="exam-alerts">
        {state.stopped === 'takenOver' && (
          <Alert
            type="error"
            showIcon
            title={t('attemptPage.stopped.takenOver')}
            action={
              <Button size="small" onClick={() => window.location.reload()}>
                {t('attemptPage.stopped.reopen')}
              </Button>
            }
          />
        )}
        {state.stopped === 'sessionEnded' && (
          <Alert
            type="error"
            showIcon
            role="alert"
            className="exam-session-ended"
            title={t('attemptPage.stopped.sessionEnded')}
            action={
              <Button size="small" onClick={() => window.location.reload()}>
                {t('attemptPage.stopped.signInAgain')}
              </Button>
            }
          />
        )}
        <OfflineBanner state={state} onDownload={() => downloadAnswerFile(view, session)} />
        {(state.stopped === 'time' || state.stopped === 'ended') && (
          <Alert type="info" showIcon title={t(`attemptPage.stopped.${state.stopped}`)} />
        )}
        {submitError && (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => setSubmitError(null) }}
            title={submitError}
            className="exam-submit-error"
          />
        )}
        {state.notice && <Alert type="warning" showIcon title={state.notice} />}
        {running && <ResumedNotice resumed={state.resumed} />}
        {timeChange && (
          <Alert
            key={timeChange.serial}
            type={timeChange.minutes > 0 ? 'success' : 'warning'}
            showIcon
            role="status"
            className="exam-time-change"
            closable={{ onClose: () => setTimeChangeSeen(timeChange.serial) }}
            title={t(
              timeChange.minutes > 0
                ? 'attemptPage.integrity.timeAdded'
                : 'attemptPage.integrity.timeReduced',
              { count: Math.abs(timeChange.minutes) },
            )}
          />
        )}
        {running && view.fullscreen && !fullscreen && (
          <Alert
            type="warning"
            showIcon
            title={t('attemptPage.integrity.fullscreen')}
            action={
              <Button
                size="small"
                icon={<FullscreenOutlined />}
                onClick={() => void document.documentElement.requestFullscreen?.()}
              >
                {t('attemptPage.integrity.enterFullscreen')}
              </Button>
            }
          />
        )}
        {running && state.leaveLimit > 0 && state.leaveCount > 0 && (
          <Alert
            type="warning"
            showIcon
            className="exam-leaves"
            title={t('attemptPage.integrity.leaves', {
              count: state.leaveCount,
              limit: state.leaveLimit,
            })}
          />
        )}
      </div>
      {running && state.paused?.breakEndsAt !== undefined && (
        <BreakOverlay
          paused={{ ...state.paused, breakEndsAt: state.paused.breakEndsAt }}
          onEnd={() => session.restBreak(false)}
        />
      )}
      {running && state.paused && state.paused.breakEndsAt === undefined && (
        <PausedOverlay paused={state.paused} />
      )}
      <div className="exam-toolbar">
        {running && (
          <RestBreakButton breaks={state.breaks} onTake={() => session.restBreak(true)} />
        )}
        {narrow && (
          <Button icon={<OrderedListOutlined />} onClick={() => setDrawerOpen(true)}>
            {t('attemptPage.toolbar.questions')} {answeredCount}/{items.length}
          </Button>
        )}
        <Segmented<ExamLayout>
          aria-label={t('attemptPage.toolbar.layout')}
          value={prefs.layout}
          onChange={(layout) => changePrefs({ layout })}
          options={[
            { value: 'one', label: t('attemptPage.toolbar.one') },
            { value: 'section', label: t('attemptPage.toolbar.section') },
          ]}
        />
        <Space.Compact>
          <Button
            icon={<MinusOutlined />}
            aria-label={t('attemptPage.toolbar.smaller')}
            title={t('attemptPage.toolbar.smaller')}
            disabled={fontIndex <= 0}
            onClick={() => changePrefs({ fontSize: FONT_SIZES[fontIndex - 1] })}
          />
          <Button
            icon={<PlusOutlined />}
            aria-label={t('attemptPage.toolbar.larger')}
            title={t('attemptPage.toolbar.larger')}
            disabled={fontIndex >= FONT_SIZES.length - 1}
            onClick={() => changePrefs({ fontSize: FONT_SIZES[fontIndex + 1] })}
          />
        </Space.Compact>
        {!narrow && (
          <Typography.Text type="secondary" className="exam-keys-help">
            {t('attemptPage.toolbar.keys')}
          </Typography.Text>
        )}
      </div>
      <div className="exam-body">
        {!narrow && <aside className="exam-side">{questionNav}</aside>}
        <main
          className="exam-paper"
          style={{ '--exam-font-size': `${prefs.fontSize}px` } as React.CSSProperties}
        >
          {section && (
            <div className="exam-section-head">
              <h2 className="exam-section-title">{section.title}</h2>
              {section.description && (
                <Typography.Paragraph type="secondary">{section.description}</Typography.Paragraph>
              )}
            </div>
          )}
          {shown.map((item) => (
            <QuestionCard
              key={item.item.itemId}
              entry={item}
              value={state.values[item.item.itemId]}
              flagged={flags.has(item.item.itemId)}
              current={item.index === current}
              heading={screenReader}
              disabled={!answering}
              onFlag={() => toggleFlag(item.item.itemId)}
              onFocus={() => setCurrent(item.index)}
              onChange={(value, options) => answer(item.item.itemId, value, options)}
              onBlur={() => session.flush()}
              onPaste={() => void session.report('paste')}
              onOpenTask={() => void session.report('link_task_opened')}
            />
          ))}
          <div className="exam-pager">
            <Button
              icon={<LeftOutlined />}
              disabled={firstShown === 0}
              onClick={() => jump(firstShown - 1)}
            >
              {t('attemptPage.question.previous')}
            </Button>
            <Button
              icon={<RightOutlined />}
              iconPlacement="end"
              disabled={lastShown >= items.length - 1}
              onClick={() => jump(lastShown + 1)}
            >
              {t('attemptPage.question.next')}
            </Button>
          </div>
          <div
            className="exam-watermark"
            aria-hidden
            style={{
              backgroundImage: watermarkImage(
                `${view.candidate.name} ${view.candidate.ticketNumber}`,
              ),
            }}
          />
        </main>
      </div>
      {narrow && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={t('attemptPage.nav.title')}
          placement="left"
          size={320}
        >
          {questionNav}
        </Drawer>
      )}
    </div>
  );
}
