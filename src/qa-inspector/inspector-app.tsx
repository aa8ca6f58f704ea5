/**
 * The offline inspection page: the actors of the live stream (or of a loaded QA recording) as a
 * tree, the chosen actor's chart with its current state, and the event log, filterable by actor, newest first.
 * A recording is stepped through forwards and back (buttons, ←/→/Home/End, a slider): charts and log show the
 * stream up to the step.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { parseRecordingFile, type Recording, type RecordingError } from '../lib/recording/schema';
import { stateValueText } from './chart';
import { ChartView } from './chart-view';
import type { LiveFeed } from './live';
import {
  actorLabel,
  actorTree,
  filterLog,
  foldSteps,
  stepFromRecorded,
  stepPosition,
  type ActorView,
  type InspectorModel,
  type LogEntry,
  type Step,
} from './model';
import './inspector.css';

/** The most log rows drawn (the newest). */
const LOG_ROWS = 400;

interface Loaded {
  recording: Recording;
  steps: Step[];
}

export function InspectorApp({ live }: { live: LiveFeed }) {
  const intl = useIntl();
  const version = useSyncExternalStore(live.subscribe, live.version);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [refused, setRefused] = useState<RecordingError | null>(null);
  const [position, setPosition] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const [logFilter, setLogFilter] = useState<string | null>(null);

  useEffect(() => {
    document.title = intl.formatMessage({ id: 'qa.inspector.title' });
  }, [intl]);

  const recordingModel = useMemo(() => (loaded ? foldSteps(loaded.steps, position) : null), [loaded, position]);
  const model: InspectorModel = recordingModel ?? live.model;
  // The live model is changed in place: `version` says when (the rows are derived again).
  const rows = useMemo(() => actorTree(model.actors), [model, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const selected: ActorView | undefined =
    (chosen !== null ? model.actors.get(chosen) : undefined) ?? rows.find((r) => r.actor.machineId !== null)?.actor;
  // A snapshot copy: the chart re-renders when the live actor's state changes.
  const selectedView = selected ? { ...selected } : undefined;

  const onFile = useCallback(async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const parsed = await parseRecordingFile(file);
    if (!parsed.ok) {
      setRefused(parsed.error);
      return;
    }
    setRefused(null);
    setLoaded({ recording: parsed.recording, steps: parsed.recording.events.map(stepFromRecorded) });
    setPosition(0);
    setChosen(null);
    setLogFilter(null);
  }, []);

  const total = loaded?.steps.length ?? 0;
  const move = useCallback(
    (to: 'first' | 'prev' | 'next' | 'last') => setPosition((p) => stepPosition(p, total, to)),
    [total],
  );
  useEffect(() => {
    if (!loaded) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      const to = ({ ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' } as const)[e.key as 'ArrowLeft'];
      if (!to) return;
      e.preventDefault();
      move(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [loaded, move]);

  return (
    <div className="qa-inspector" data-testid="qa-inspector" data-mode={loaded ? 'recording' : 'live'}>
      <header className="qa-top">
        <div className="qa-top__title">
          <h1>
            <FormattedMessage id="qa.inspector.title" />
          </h1>
          <p>
            <FormattedMessage id="qa.inspector.subtitle" />
          </p>
        </div>
        <p className="qa-top__status" role="status" data-testid="qa-status">
          {loaded ? (
            <FormattedMessage
              id="qa.inspector.loaded"
              values={{
                name: loaded.recording.name,
                count: total,
                build: loaded.recording.build,
                startedAt: intl.formatDate(loaded.recording.startedAt, { dateStyle: 'short', timeStyle: 'medium' }),
              }}
            />
          ) : !live.opened ? (
            <FormattedMessage id="qa.inspector.no_opener" />
          ) : version === 0 ? (
            <FormattedMessage id="qa.inspector.live_waiting" />
          ) : (
            <FormattedMessage id="qa.inspector.live_connected" values={{ count: version }} />
          )}
        </p>
        <div className="qa-top__actions">
          {loaded ? (
            <button
              type="button"
              className="qa-btn"
              onClick={() => {
                setLoaded(null);
                setChosen(null);
                setLogFilter(null);
              }}
            >
              <FormattedMessage id="qa.inspector.back_to_live" />
            </button>
          ) : null}
          <label className="qa-btn qa-btn--primary">
            <FormattedMessage id="qa.inspector.load" />
            <input
              type="file"
              accept="application/json,.json"
              className="qa-visually-hidden"
              data-testid="qa-load"
              onChange={(e) => void onFile(e)}
            />
          </label>
        </div>
        {refused ? (
          <p className="qa-top__error" role="alert" data-testid="qa-refused" title={refused.message}>
            <FormattedMessage
              id="qa.inspector.refused"
              values={{ reason: intl.formatMessage({ id: `qa.recording.error.${refused.code}` }) }}
            />{' '}
            <span className="qa-top__detail">{refused.message}</span>
          </p>
        ) : null}
      </header>

      {loaded ? <Stepper position={position} total={total} onMove={move} onSet={setPosition} /> : null}

      <main className="qa-main">
        <section className="qa-panel qa-actors" aria-labelledby="qa-actors-title">
          <h2 className="qa-panel__title" id="qa-actors-title">
            <FormattedMessage id="qa.inspector.actors" />
          </h2>
          {rows.length === 0 ? (
            <p className="qa-empty">
              <FormattedMessage id="qa.inspector.no_actors" />
            </p>
          ) : (
            <ul className="qa-actors__list">
              {rows.map(({ actor, depth }) => (
                <li key={actor.sessionId}>
                  <button
                    type="button"
                    className="qa-actor"
                    style={{ paddingInlineStart: `${8 + depth * 16}px` }}
                    aria-pressed={selected?.sessionId === actor.sessionId}
                    data-testid="qa-actor"
                    data-session-id={actor.sessionId}
                    data-machine-id={actor.machineId ?? undefined}
                    data-system-id={actor.systemId ?? undefined}
                    onClick={() => setChosen(actor.sessionId)}
                  >
                    <span className="qa-actor__name">{actorLabel(actor, actor.sessionId)}</span>
                    <span className="qa-actor__meta">
                      {actor.machineId ? (
                        <FormattedMessage id="qa.inspector.actor_machine" values={{ id: actor.machineId }} />
                      ) : (
                        actor.name
                      )}
                      {actor.status && actor.status !== 'active' ? ` · ${actor.status}` : ''}
                    </span>
                    {actor.value !== undefined && stateValueText(actor.value) !== '' ? (
                      <span className="qa-actor__state">{stateValueText(actor.value)}</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        {selectedView ? (
          <ChartView actor={selectedView} />
        ) : (
          <section className="qa-panel qa-chart">
            <p className="qa-empty">
              <FormattedMessage id="qa.inspector.choose_actor" />
            </p>
          </section>
        )}

        <EventLog
          model={model}
          filter={logFilter}
          onFilter={setLogFilter}
          current={loaded ? position - 1 : null}
          version={version}
        />
      </main>
    </div>
  );
}

function Stepper({
  position,
  total,
  onMove,
  onSet,
}: {
  position: number;
  total: number;
  onMove(to: 'first' | 'prev' | 'next' | 'last'): void;
  onSet(position: number): void;
}) {
  const intl = useIntl();
  const button = (to: 'first' | 'prev' | 'next' | 'last', glyph: string, disabled: boolean) => (
    <button
      type="button"
      className="qa-btn qa-btn--small"
      aria-label={intl.formatMessage({ id: `qa.inspector.step_${to}` })}
      title={intl.formatMessage({ id: `qa.inspector.step_${to}` })}
      disabled={disabled}
      onClick={() => onMove(to)}
      data-testid={`qa-step-${to}`}
    >
      {glyph}
    </button>
  );
  return (
    <section className="qa-stepper" aria-label={intl.formatMessage({ id: 'qa.inspector.steps' })}>
      {button('first', '«', position === 0)}
      {button('prev', '◀', position === 0)}
      {button('next', '▶', position === total)}
      {button('last', '»', position === total)}
      <input
        type="range"
        className="qa-stepper__slider"
        min={0}
        max={total}
        value={position}
        aria-label={intl.formatMessage({ id: 'qa.inspector.step_slider' })}
        onChange={(e) => onSet(Number(e.target.value))}
        data-testid="qa-step-slider"
      />
      <span className="qa-stepper__position" data-testid="qa-step-position" data-position={position}>
        <FormattedMessage id="qa.inspector.step_position" values={{ position, total }} />
      </span>
      <span className="qa-stepper__hint">
        <FormattedMessage id="qa.inspector.step_hint" />
      </span>
    </section>
  );
}

function EventLog({
  model,
  filter,
  onFilter,
  current,
  version,
}: {
  model: InspectorModel;
  filter: string | null;
  onFilter(sessionId: string | null): void;
  /** The step shown (a recording): its row is marked. */
  current: number | null;
  version: number;
}) {
  const intl = useIntl();
  const entries = useMemo(
    () => filterLog(model.log, filter),
    [model, filter, version], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const shown = entries.slice(-LOG_ROWS).reverse();
  const hidden = entries.length - shown.length;
  const t0 = model.t0 ?? 0;
  const name = (sessionId: string | null) =>
    sessionId === null
      ? intl.formatMessage({ id: 'qa.inspector.log_outside' })
      : actorLabel(model.actors.get(sessionId), sessionId);
  const options = [...model.actors.values()].sort((a, b) => a.order - b.order);
  return (
    <section className="qa-panel qa-log" aria-labelledby="qa-log-title">
      <div className="qa-log__head">
        <h2 className="qa-panel__title" id="qa-log-title">
          <FormattedMessage id="qa.inspector.log" />
        </h2>
        <label className="qa-log__filter">
          <FormattedMessage id="qa.inspector.log_filter" />
          <select
            value={filter ?? ''}
            onChange={(e) => onFilter(e.target.value === '' ? null : e.target.value)}
            data-testid="qa-log-filter"
          >
            <option value="">{intl.formatMessage({ id: 'qa.inspector.log_all' })}</option>
            {options.map((a) => (
              <option key={a.sessionId} value={a.sessionId}>
                {actorLabel(a, a.sessionId)} ({a.sessionId})
              </option>
            ))}
          </select>
        </label>
      </div>
      {shown.length === 0 ? (
        <p className="qa-empty">
          <FormattedMessage id="qa.inspector.log_empty" />
        </p>
      ) : (
        <div className="qa-log__scroll">
          <table className="qa-log__table" data-testid="qa-log">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="qa.inspector.log_time" />
                </th>
                <th scope="col">
                  <FormattedMessage id="qa.inspector.log_type" />
                </th>
                <th scope="col">
                  <FormattedMessage id="qa.inspector.log_route" />
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((e: LogEntry) => (
                <tr
                  key={e.index}
                  className={e.index === current ? 'is-current' : undefined}
                  data-testid="qa-log-entry"
                  data-type={e.type}
                >
                  <td className="qa-log__time">
                    {intl.formatNumber((e.t - t0) / 1000, { minimumFractionDigits: 3, maximumFractionDigits: 3 })}
                  </td>
                  <td className="qa-log__type">{e.type}</td>
                  <td className="qa-log__route">
                    {name(e.source)} → {name(e.target)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {hidden > 0 ? (
            <p className="qa-log__more">
              <FormattedMessage id="qa.inspector.log_more" values={{ count: hidden }} />
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
