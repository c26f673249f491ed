/**
 * The zone every time on the page is shown in: the member's own (issue 39 item 10), never the
 * browser's. A member who has none yet gets the browser's, once, on first sign-in; until a
 * profile says otherwise (or for a member no browser has set it for), times read in UTC.
 */
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useChangeTimeZone, useProfile } from './profile-queries';
import { browserTimeZone } from './time-zone';

const TimeZoneContext = createContext('UTC');

export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

export function TimeZoneProvider({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const change = useChangeTimeZone();
  const asked = useRef(false);
  const unset = profile.data !== undefined && profile.data.timeZone === null;
  useEffect(() => {
    if (!unset || asked.current) return;
    asked.current = true;
    change.mutate(browserTimeZone());
  }, [unset, change]);
  return <TimeZoneContext.Provider value={profile.data?.timeZone ?? 'UTC'}>{children}</TimeZoneContext.Provider>;
}
