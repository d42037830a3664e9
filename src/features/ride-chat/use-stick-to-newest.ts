import type { RideMessage } from '@shared/schemas/ride-chat.ts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { newsAfter } from './chat-timeline';

// How close to the end of the chat still counts as reading the newest (px): a message arriving
// then scrolls into view; further up, the member is reading back and keeps their place.
const AT_END_MARGIN_PX = 120;

interface Options {
  messages: readonly RideMessage[] | undefined;
  // Known once the unread count at opening is (or cannot be) read: where to open.
  ready: boolean;
  // The "New" divider's element, if any: the chat opens there, else at its end.
  divider: () => Element | null;
}

// The chat opens at the first unread message or at the newest, and follows new messages while
// the member is at its end; reading further up, they count in "↓ N new" instead (issue 37 §1).
// `end` goes after the message box, so the end of the chat is its box's resting place.
export function useStickToNewest({ messages, ready, divider }: Options) {
  const [end, setEnd] = useState<HTMLElement | null>(null);
  const atEnd = useRef(true);
  const opened = useRef(false);
  const seenId = useRef(0);
  const [unseen, setUnseen] = useState(0);
  const newestId = messages?.at(-1)?.id ?? 0;
  // Layout, not passive: the effect below reads it in the same commit.
  const newest = useRef(newestId);
  useLayoutEffect(() => {
    newest.current = newestId;
  }, [newestId]);

  const seenAll = useCallback(() => {
    seenId.current = newest.current;
    setUnseen(0);
  }, []);

  const scrollToNewest = useCallback(() => {
    end?.scrollIntoView({ block: 'end' });
    seenAll();
  }, [end, seenAll]);

  // Whether the end is on screen, as the member scrolls (without the observer, as in jsdom, the
  // chat always follows).
  useEffect(() => {
    if (!end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        atEnd.current = Boolean(entry?.isIntersecting);
        if (atEnd.current) seenAll();
      },
      { rootMargin: `0px 0px ${AT_END_MARGIN_PX}px 0px` },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [end, seenAll]);

  useLayoutEffect(() => {
    if (!end || !ready || !messages) return;
    if (!opened.current) {
      opened.current = true;
      seenAll();
      const at = divider();
      if (at) at.scrollIntoView({ block: 'start' });
      else end.scrollIntoView({ block: 'end' });
      return;
    }
    if (newestId <= seenId.current) return;
    // The member's own message, or news while they read the end: show it.
    if (atEnd.current || messages.at(-1)?.own) scrollToNewest();
    else setUnseen(newsAfter(messages, seenId.current));
  }, [end, ready, messages, newestId, divider, seenAll, scrollToNewest]);

  return { endRef: setEnd, unseen, scrollToNewest };
}
