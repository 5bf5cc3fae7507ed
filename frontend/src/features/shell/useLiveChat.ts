import { useCallback, useState } from 'react';

export const LIVE_CHAT_KEY = 'estatenet.liveChat';

function readLiveChat(): boolean {
  try {
    return localStorage.getItem(LIVE_CHAT_KEY) === 'on';
  } catch {
    return false;
  }
}

/** The Live Chat toggle of the Need Help box, remembered on this device. */
export function useLiveChat(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(readLiveChat);
  const set = useCallback((next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(LIVE_CHAT_KEY, next ? 'on' : 'off');
    } catch {
      // not remembered: the toggle still works for this visit
    }
  }, []);
  return [on, set];
}
