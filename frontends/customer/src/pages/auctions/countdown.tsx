import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Language, Site } from '@manzil/contracts';
import { Ltr, SITE_TIME_ZONES, formatSiteDate, intlLocale } from '@manzil/ui';

/** "26 November 2026, 14:00" in the site's own time zone (Dubai or Riyadh), wherever the reader is. */
export function formatSiteDateTime(value: string, site: Site, language: Language): string {
  const time = new Intl.DateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: SITE_TIME_ZONES[site],
  }).format(new Date(value));
  return `${formatSiteDate(value, { site, language })}${language === 'ar' ? '، ' : ', '}${time}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Days, then hh:mm:ss, of a span in milliseconds (never negative). */
export function countdownParts(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    clock: `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`,
  };
}

export interface CountdownProps {
  /** When the auction ends (live) or starts (upcoming). */
  to: string;
  kind: 'ends' | 'starts';
  site: Site;
  language: Language;
  /** Called once when the moment passes (the auction's status has changed). */
  onElapsed?: () => void;
  testId?: string;
}

/**
 * Time left to an auction's end or start, ticking each second, with the moment itself in the
 * site's time zone. A `timer` role, which screen readers do not read out at every tick.
 */
export function Countdown({ to, kind, site, language, onElapsed, testId }: CountdownProps) {
  const intl = useIntl();
  const target = Date.parse(to);
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef(false);
  useEffect(() => {
    fired.current = false;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [target]);
  const left = target - now;
  useEffect(() => {
    if (left <= 0 && !fired.current) {
      fired.current = true;
      onElapsed?.();
    }
  }, [left, onElapsed]);
  const { days, clock } = countdownParts(left);
  return (
    <p className="cu-countdown" data-testid={testId}>
      <span className="cu-countdown__label">{intl.formatMessage({ id: `customer.auction.${kind}In` })}</span>{' '}
      <span role="timer" className="cu-countdown__value">
        {days > 0 ? <>{intl.formatMessage({ id: 'customer.auction.days' }, { count: days })} </> : null}
        <Ltr>{clock}</Ltr>
      </span>
      <span className="cu-countdown__at">
        {intl.formatMessage(
          { id: `customer.auction.${kind}At` },
          { date: formatSiteDateTime(to, site, language) },
        )}
      </span>
    </p>
  );
}

/** An auction's countdown: to its end while live, to its start while upcoming, none once closed. */
export function AuctionCountdown({
  auction,
  site,
  language,
  onElapsed,
}: {
  auction: { status: 'upcoming' | 'live' | 'closed'; startsAt: string; endsAt: string };
  site: Site;
  language: Language;
  onElapsed?: () => void;
}) {
  if (auction.status === 'closed') return null;
  const live = auction.status === 'live';
  return (
    <Countdown
      to={live ? auction.endsAt : auction.startsAt}
      kind={live ? 'ends' : 'starts'}
      site={site}
      language={language}
      onElapsed={onElapsed}
      testId="auction-countdown"
    />
  );
}
