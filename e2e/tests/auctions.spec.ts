// Two browsers on one live auction: a customer bids, a visitor on the same auction page sees
// the new price arrive through the live feed (SSE through the gateway), on ae in English and
// then on sa in Arabic (the bid typed with Arabic-Indic digits).
import { expect, test, type Browser } from '@playwright/test';
import { listingPagePath } from '@manzil/contracts';
import { contentShot, open } from '../helpers/content.js';
import { SITE, api, apiLogin, putSession, type Lang, type SiteKey } from '../helpers/identity.js';

/** The first seeded live auction of each site, free of bidding fee (services/auctions/src/seed.ts). */
const LIVE_AUCTION: Record<SiteKey, string> = {
  ae: '01936000-0000-7000-8000-00000000a101',
  sa: '01936000-0000-7000-8000-00000000a201',
};
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const toArabicDigits = (text: string) => text.replace(/\d/g, (d) => ARABIC_DIGITS[Number(d)]);

async function bidAgainstWatcher(
  browser: Browser,
  request: Parameters<typeof apiLogin>[0],
  site: SiteKey,
  lang: Lang,
) {
  const auctionId = LIVE_AUCTION[site];
  const detail = await api(request, site).get(`/api/auctions/v1/auctions/${auctionId}`);
  expect(detail.status(), await detail.text()).toBe(200);
  const { minimumBid } = ((await detail.json()) as { results: { minimumBid: number } }).results;
  const shown = minimumBid.toLocaleString('en-US');
  const path = `${listingPagePath('auctions', lang)}?auction=${auctionId}`;

  const watcherContext = await browser.newContext();
  const bidderContext = await browser.newContext();
  try {
    const watcher = await watcherContext.newPage();
    await open(watcher, site, lang, encodeURI(path));
    await expect(watcher.getByTestId('auction-detail')).toBeVisible();
    await expect(watcher.getByTestId('bid-login')).toBeVisible();

    await putSession(
      bidderContext,
      site,
      await apiLogin(request, site, 'customer', SITE[site].seeded.customer),
    );
    const bidder = await bidderContext.newPage();
    await open(bidder, site, lang, encodeURI(path));
    const amount = bidder.getByTestId('field-amount').locator('input');
    await amount.fill(lang === 'ar' ? toArabicDigits(String(minimumBid)) : String(minimumBid));
    await bidder.getByTestId('bid-submit').click();
    await expect(bidder.getByTestId('my-bid').first()).toContainText(shown);
    await expect(bidder.getByTestId('my-bid-status').first()).toHaveText(
      lang === 'ar' ? 'مقبولة' : 'Accepted',
    );

    // The watcher never reloads: the price and the polite announcement come from the feed.
    await expect(watcher.getByTestId('auction-current-price')).toContainText(shown);
    await expect(watcher.getByTestId('auction-announcement')).toContainText(shown);

    // Kept to look at, never compared: the auction page and the Live tab in each direction.
    await contentShot(bidder, `auction-${site}-${lang}`, true);
    await watcher.getByTestId('auction-back').click();
    await expect(watcher.getByTestId('auction-card').first()).toBeVisible();
    await contentShot(watcher, `auctions-${site}-${lang}`, true);
    await watcher.setViewportSize({ width: 375, height: 812 });
    await contentShot(watcher, `auctions-${site}-${lang}-375`, true);
    await bidder.setViewportSize({ width: 375, height: 812 });
    await contentShot(bidder, `auction-${site}-${lang}-375`, true);
  } finally {
    await watcherContext.close();
    await bidderContext.close();
  }
}

test('a bid shows live in another browser: ae in English, then sa in Arabic', async ({
  browser,
  request,
}) => {
  // Two sites, each with a bidder's and a watcher's browser: more than the default 45 s on CI.
  test.setTimeout(120_000);
  await bidAgainstWatcher(browser, request, 'ae', 'en');
  await bidAgainstWatcher(browser, request, 'sa', 'ar');
});
