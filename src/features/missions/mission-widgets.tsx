/**
 * The mission widgets (spec §9 Widgets): floating cards on the right edge, one per widget actor of the
 * missions flow, drawn where the stacking rule puts them (never overlapping). Each is moved by its handle: a
 * pointer drags it vertically, the arrow keys move it by 10 px (a vertical slider for assistive technology).
 */
import { useSelector } from '@xstate/react';
import { useMemo, useSyncExternalStore, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { missionWidgetMachine } from '../../../machines/missions/mission-widget.machine';
import {
  connectMissions,
  connectWidget,
  placeWidgets,
  type MissionView,
  type WidgetView,
} from '../../../machines/missions/missions.connect';
import type { missionsMachine } from '../../../machines/missions/missions.machine';
import { widgetIdOf } from '../../../machines/missions/missions.machine';
import type { UiMessage } from '../../../machines/kernel/api-error';
import { ProgressBar } from '../../ui/progress-bar';
import { UiMessageText } from '../../ui/ui-message';
import { useGoalText, useRewardText } from './reward-text';
import './missions.css';

type WidgetRef = ActorRefFrom<typeof missionWidgetMachine>;

/** A store of every widget's view, re-read when any of them changes (one subscription per widget). */
function widgetStore(refs: readonly WidgetRef[]) {
  let cache: WidgetView[] = refs.map((r) => connectWidget(r.getSnapshot()));
  return {
    subscribe(notify: () => void) {
      const subs = refs.map((r) =>
        r.subscribe(() => {
          cache = refs.map((x) => connectWidget(x.getSnapshot()));
          notify();
        }),
      );
      return () => subs.forEach((s) => s.unsubscribe());
    },
    get: () => cache,
  };
}

function useWidgetViews(refs: readonly WidgetRef[]): WidgetView[] {
  const store = useMemo(() => widgetStore(refs), [refs]);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export interface MissionWidgetsProps {
  missions: ActorRefFrom<typeof missionsMachine>;
  /** A guest's way to accept: the login modal. */
  onSignIn: () => void;
}

/** The missions flow's view, its widget actors and their views (same order). */
export function useMissions(missions: ActorRefFrom<typeof missionsMachine>) {
  const vm = useSelector(missions, connectMissions);
  const children = useSelector(missions, (s) => s.children as Record<string, AnyActorRef | undefined>);
  const refs = useMemo(
    () => vm.widgets.flatMap((id) => (children[widgetIdOf(id)] ? [children[widgetIdOf(id)] as WidgetRef] : [])),
    [vm.widgets, children],
  );
  const views = useWidgetViews(refs);
  return { vm, refs, views };
}

export function MissionWidgets({ missions, onSignIn }: MissionWidgetsProps) {
  const { vm, refs, views } = useMissions(missions);
  const tops = placeWidgets(views, vm.viewport);
  const intl = useIntl();
  if (refs.length === 0) return null;
  return (
    <section className="mission-widgets" aria-label={intl.formatMessage({ id: 'missions.widget.region' })}>
      {views.map((view, i) => {
        const mission = vm.missions.find((m) => String(m.id) === view.id);
        if (!mission) return null;
        return (
          <MissionWidget
            key={view.id}
            view={view}
            top={tops.get(view.id) ?? view.positionY}
            mission={mission}
            player={vm.player}
            accepting={vm.accepting === mission.id}
            acceptMessages={vm.acceptFailure?.id === mission.id ? vm.acceptFailure.messages : []}
            widget={refs[i]!}
            onAccept={() => missions.send({ type: 'missions.accept', id: mission.id })}
            onDismiss={() => missions.send({ type: 'missions.dismiss', id: mission.id })}
            onSignIn={onSignIn}
          />
        );
      })}
    </section>
  );
}

interface MissionWidgetProps {
  view: WidgetView;
  top: number;
  mission: MissionView;
  player: boolean;
  accepting: boolean;
  acceptMessages: UiMessage[];
  widget: WidgetRef;
  onAccept: () => void;
  onDismiss: () => void;
  onSignIn: () => void;
}

function MissionWidget(props: MissionWidgetProps) {
  const { view, top, mission, widget } = props;
  const intl = useIntl();
  const rewardText = useRewardText();
  const goalText = useGoalText();
  const titleId = `mission-widget-title-${view.id}`;
  const claimed = view.claim === 'claimed' || mission.status === 'claimed';

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    // No text selection or native drag: they would cancel the pointer (pointercancel) mid-drag.
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    widget.send({ type: 'drag.start', y: e.clientY });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (view.dragging) widget.send({ type: 'drag.move', y: e.clientY });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowUp') widget.send({ type: 'move.up' });
    else if (e.key === 'ArrowDown') widget.send({ type: 'move.down' });
    else if (e.key === 'Escape' && view.dragging) widget.send({ type: 'drag.cancel' });
    else return;
    e.preventDefault();
  };

  let action: ReactElement | null = null;
  if (claimed) {
    action = (
      <button
        type="button"
        className="mission-widget__btn"
        data-kind="ghost"
        onClick={props.onDismiss}
        data-testid="mission-widget-dismiss"
      >
        {intl.formatMessage({ id: 'missions.widget.close' })}
      </button>
    );
  } else if (!props.player) {
    action = (
      <button
        type="button"
        className="mission-widget__btn"
        onClick={props.onSignIn}
        data-testid="mission-widget-sign-in"
      >
        {intl.formatMessage({ id: 'missions.widget.sign_in' })}
      </button>
    );
  } else if (mission.status === 'available') {
    action = (
      <button
        type="button"
        className="mission-widget__btn"
        disabled={props.accepting}
        aria-busy={props.accepting}
        onClick={props.onAccept}
        data-testid="mission-widget-accept"
      >
        {intl.formatMessage({ id: props.accepting ? 'missions.action.accepting' : 'missions.action.accept' })}
      </button>
    );
  } else if (mission.status === 'completed') {
    action = (
      <button
        type="button"
        className="mission-widget__btn"
        data-kind="claim"
        disabled={view.claim === 'claiming'}
        aria-busy={view.claim === 'claiming'}
        onClick={() => widget.send({ type: 'widget.claim' })}
        data-testid="mission-widget-claim"
      >
        {intl.formatMessage({ id: view.claim === 'claiming' ? 'missions.action.claiming' : 'missions.action.claim' })}
      </button>
    );
  }

  const status = claimed ? 'claimed' : mission.status;
  return (
    <article
      className="mission-widget"
      data-open={view.isOpen}
      data-dragging={view.dragging}
      data-status={status}
      style={{ top, height: view.height }}
      aria-labelledby={titleId}
      data-testid="mission-widget"
      data-mission={mission.id}
    >
      <div className="mission-widget__head">
        <div
          className="mission-widget__handle"
          role="slider"
          tabIndex={0}
          aria-orientation="vertical"
          aria-label={intl.formatMessage({ id: 'missions.widget.move' }, { title: mission.title })}
          aria-valuemin={view.minTop}
          aria-valuemax={view.maxTop}
          aria-valuenow={view.positionY}
          aria-valuetext={intl.formatMessage({ id: 'missions.widget.position' }, { top: view.positionY })}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => view.dragging && widget.send({ type: 'drag.end' })}
          onPointerCancel={() => view.dragging && widget.send({ type: 'drag.cancel' })}
          onKeyDown={onKeyDown}
          data-testid="mission-widget-handle"
        >
          <span aria-hidden="true" className="mission-widget__grip" />
        </div>
        <span className="mission-widget__badge" aria-hidden="true">
          {claimed ? '✓' : `${mission.percent}%`}
        </span>
        <h2 className="mission-widget__title" id={titleId}>
          {mission.title}
        </h2>
        <button
          type="button"
          className="mission-widget__toggle"
          aria-expanded={view.isOpen}
          aria-label={intl.formatMessage({ id: view.isOpen ? 'missions.widget.collapse' : 'missions.widget.expand' })}
          onClick={() => widget.send({ type: 'widget.toggle' })}
          data-testid="mission-widget-toggle"
        >
          <span aria-hidden="true" className="mission-widget__chevron" />
        </button>
      </div>
      <ProgressBar
        className="mission-widget__bar"
        percent={mission.percent}
        label={intl.formatMessage({ id: 'missions.progress_label' }, { title: mission.title })}
      />
      {view.isOpen ? (
        <div className="mission-widget__body">
          <p className="mission-widget__meta">
            <span className="mission-widget__reward">{rewardText(mission)}</span>
            <span className="mission-widget__goal">{goalText(mission)}</span>
          </p>
          <div className="mission-widget__foot">
            {action ?? (
              <span className="mission-widget__status">{intl.formatMessage({ id: `missions.status.${status}` })}</span>
            )}
            {view.claimError ? (
              <p role="alert" className="mission-widget__error" data-testid="mission-widget-error">
                <UiMessageText message={view.claimError} />
              </p>
            ) : props.acceptMessages[0] ? (
              <p role="alert" className="mission-widget__error">
                <UiMessageText message={props.acceptMessages[0]} />
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </article>
  );
}
