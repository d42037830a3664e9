import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface GuideTab<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

// WAI-ARIA tabs: one tab stop for the whole list, arrow keys / Home / End move between tabs.
// Every panel stays in the DOM (inactive ones hidden) so each tab's aria-controls points at a
// real element, and the whole guide is in the first render for the offline precache.
export function GuideTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: GuideTab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const id = tabs[next].id;
    onSelect(id);
    buttons.current.get(id)?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className="tabs tabs-box" onKeyDown={onKeyDown}>
        {tabs.map(({ id, label: tabLabel }) => (
          <button
            key={id}
            ref={(node) => {
              if (node) buttons.current.set(id, node);
              else buttons.current.delete(id);
            }}
            type="button"
            role="tab"
            id={`guide-tab-${id}`}
            aria-selected={selected === id}
            aria-controls={`guide-panel-${id}`}
            tabIndex={selected === id ? 0 : -1}
            className={`tab min-h-11 flex-1 ${selected === id ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => onSelect(id)}
          >
            {tabLabel}
          </button>
        ))}
      </div>
      {tabs.map(({ id, panel }) => (
        <div
          key={id}
          role="tabpanel"
          id={`guide-panel-${id}`}
          aria-labelledby={`guide-tab-${id}`}
          hidden={selected !== id}
          className="flex flex-col gap-6"
        >
          {panel}
        </div>
      ))}
    </>
  );
}
