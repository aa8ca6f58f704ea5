/**
 * One actor's chart: the machine laid out by ELK (./layout.ts), drawn as SVG boxes and orthogonal edges from ELK's
 * coordinates, with the actor's current state highlighted (every active state: the active leaves filled, their
 * active parents outlined). A chart opens fitted to the panel down to 70 % (larger ones scroll), and the active
 * leaf is scrolled to the middle whenever it changes.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { activeStates, stateValueText, type LaidOutChart } from './chart';
import { layoutMachine, machineForActor } from './layout';
import type { ActorView } from './model';

type Layout = { key: string; chart: LaidOutChart } | { key: string; failed: true };

const ZOOMS: readonly number[] = [0.5, 0.67, 0.8, 1, 1.25, 1.5];
const ZOOM_MIN = 0.5;
const ZOOM_MAX = 1.5;

function pathOf(points: ReadonlyArray<{ x: number; y: number }>): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

export function ChartView({ actor }: { actor: ActorView }) {
  const intl = useIntl();
  const machine = useMemo(
    () => machineForActor({ definition: actor.definition, machineId: actor.machineId }),
    [actor.definition, actor.machineId],
  );
  const [layout, setLayout] = useState<Layout | null>(null);
  const [zoom, setZoom] = useState<number>(1);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!machine) return;
    let active = true;
    layoutMachine(machine).then(
      (chart) => active && setLayout({ key: machine.key, chart }),
      () => active && setLayout({ key: machine.key, failed: true }),
    );
    return () => {
      active = false;
    };
  }, [machine]);
  const laid = layout && machine && layout.key === machine.key ? layout : null;
  const chart = laid && 'chart' in laid ? laid.chart : null;
  const fit = useCallback(
    (min: number, max: number) => {
      if (!chart || !scroller.current) return;
      const width = (scroller.current.clientWidth - 16) / chart.width;
      const height = (scroller.current.clientHeight - 16) / chart.height;
      setZoom(Math.max(min, Math.min(max, width, height)));
    },
    [chart],
  );
  // A new chart opens fitted to the panel, but never so small that its names cannot be read.
  useLayoutEffect(() => fit(0.7, 1), [fit]);
  const states = useMemo(() => (chart ? activeStates(chart.root, actor.value) : null), [chart, actor.value]);
  const leafKey = states ? [...states.leaves].join('|') : '';
  useEffect(() => {
    if (!leafKey) return;
    const leaf = scroller.current?.querySelector('[data-leaf="true"]');
    leaf?.scrollIntoView?.({ block: 'center', inline: 'center' });
  }, [leafKey, zoom]);

  const stateText = stateValueText(actor.value);
  const header = (
    <div className="qa-chart__head">
      <h2 className="qa-panel__title" id="qa-chart-title">
        <FormattedMessage id="qa.inspector.chart" />: {actor.systemId ?? actor.name}
        {actor.machineId ? (
          <span className="qa-chart__machine">
            {' '}
            <FormattedMessage id="qa.inspector.actor_machine" values={{ id: actor.machineId }} />
          </span>
        ) : null}
      </h2>
      <dl className="qa-chart__facts">
        <div>
          <dt>
            <FormattedMessage id="qa.inspector.state" />
          </dt>
          <dd data-testid="qa-chart-state">{stateText || '—'}</dd>
        </div>
        {actor.status ? (
          <div>
            <dt>
              <FormattedMessage id="qa.inspector.status" />
            </dt>
            <dd>{actor.status}</dd>
          </div>
        ) : null}
      </dl>
      {chart ? (
        <div className="qa-chart__zoom">
          <button
            type="button"
            className="qa-btn qa-btn--small"
            aria-label={intl.formatMessage({ id: 'qa.inspector.zoom_out' })}
            disabled={zoom <= ZOOM_MIN}
            onClick={() => setZoom((z) => [...ZOOMS].reverse().find((s) => s < z) ?? z)}
          >
            −
          </button>
          <button type="button" className="qa-btn qa-btn--small" onClick={() => setZoom(1)}>
            {intl.formatNumber(zoom, { style: 'percent' })}
          </button>
          <button
            type="button"
            className="qa-btn qa-btn--small"
            aria-label={intl.formatMessage({ id: 'qa.inspector.zoom_in' })}
            disabled={zoom >= ZOOM_MAX}
            onClick={() => setZoom((z) => ZOOMS.find((s) => s > z) ?? z)}
          >
            +
          </button>
          <button type="button" className="qa-btn qa-btn--small" onClick={() => fit(0.3, ZOOM_MAX)}>
            <FormattedMessage id="qa.inspector.zoom_fit" />
          </button>
        </div>
      ) : null}
    </div>
  );

  let body;
  if (!machine) {
    body = (
      <p className="qa-empty">
        <FormattedMessage id="qa.inspector.no_chart" values={{ name: actor.systemId ?? actor.name }} />
      </p>
    );
  } else if (!laid) {
    body = (
      <p className="qa-empty" role="status">
        <FormattedMessage id="qa.inspector.laying_out" />
      </p>
    );
  } else if (!chart || !states) {
    body = (
      <p className="qa-empty" role="alert">
        <FormattedMessage id="qa.inspector.layout_failed" />
      </p>
    );
  } else {
    body = (
      <>
        <p className="qa-chart__source">
          <FormattedMessage
            id={machine.from === 'stream' ? 'qa.inspector.chart_from_stream' : 'qa.inspector.chart_from_build'}
          />
        </p>
        {/* A region the keyboard can scroll (a big chart is wider and taller than its panel; axe's
            scrollable-region-focusable), which jsx-a11y's tabIndex rule does not know of. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="qa-chart__scroll" ref={scroller} tabIndex={0} role="region" aria-labelledby="qa-chart-title">
          <svg
            className="qa-chart__svg"
            viewBox={`0 0 ${chart.width} ${chart.height}`}
            width={Math.ceil(chart.width * zoom)}
            height={Math.ceil(chart.height * zoom)}
            role="img"
            aria-labelledby="qa-chart-title"
            data-testid="qa-chart"
            data-machine-id={chart.machineId}
            data-active-states={[...states.active].join(' ')}
          >
            <defs>
              <marker
                id="qa-arrow"
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto-start-reverse"
              >
                <path d="M0,0 L10,5 L0,10 z" className="qa-chart__arrow" />
              </marker>
            </defs>
            {chart.nodes.map((n) => {
              const isActive = states.active.has(n.id);
              const isLeaf = states.leaves.has(n.id);
              return (
                <g
                  key={n.id}
                  className={[
                    'qa-node',
                    n.compound ? 'qa-node--compound' : 'qa-node--atomic',
                    n.type === 'final' ? 'qa-node--final' : '',
                    n.type === 'parallel' ? 'qa-node--parallel' : '',
                    isActive ? 'is-active' : '',
                    isLeaf ? 'is-leaf' : '',
                  ].join(' ')}
                  data-state-id={n.id}
                  data-active={isActive ? 'true' : 'false'}
                  data-leaf={isLeaf ? 'true' : undefined}
                >
                  <title>{n.id}</title>
                  <rect x={n.x} y={n.y} width={n.width} height={n.height} rx={n.compound ? 10 : 8} />
                  {n.type === 'final' ? (
                    <rect
                      className="qa-node__final"
                      x={n.x + 3}
                      y={n.y + 3}
                      width={n.width - 6}
                      height={n.height - 6}
                      rx={6}
                    />
                  ) : null}
                  {n.initial ? <circle className="qa-node__initial" cx={n.x} cy={n.y + 14} r={4} /> : null}
                  <text
                    className="qa-node__label"
                    x={n.compound ? n.x + 12 : n.x + n.width / 2}
                    y={n.compound ? n.y + 19 : n.y + n.height / 2}
                    textAnchor={n.compound ? 'start' : 'middle'}
                    dominantBaseline="central"
                  >
                    {n.key}
                  </text>
                </g>
              );
            })}
            {chart.edges.map((e) =>
              e.points.length > 1 ? (
                <g key={e.id} className="qa-edge" data-source={e.source} data-target={e.target}>
                  <path d={pathOf(e.points)} markerEnd="url(#qa-arrow)" />
                  {e.labelBox ? (
                    <>
                      <rect
                        className="qa-edge__label-bg"
                        x={e.labelBox.x - 1}
                        y={e.labelBox.y}
                        width={e.labelBox.width + 2}
                        height={e.labelBox.height}
                        rx={3}
                      />
                      <text
                        className="qa-edge__label"
                        x={e.labelBox.x + e.labelBox.width / 2}
                        y={e.labelBox.y + e.labelBox.height / 2}
                        textAnchor="middle"
                        dominantBaseline="central"
                      >
                        {e.label}
                      </text>
                    </>
                  ) : null}
                </g>
              ) : null,
            )}
          </svg>
        </div>
      </>
    );
  }
  return (
    <section className="qa-panel qa-chart" aria-labelledby="qa-chart-title" data-session-id={actor.sessionId}>
      {header}
      {body}
    </section>
  );
}
