// The wishlist hearts the issue 14 audit found wrong, in a real browser on each site in its
// language (ae/en, sa/ar): the project cards of /new-real-estate-projects carry a heart (a
// customer saves from it, a visitor gets the login prompt); the property page's heart, saved, is
// the cards' red with aria-pressed, hovered and focused too (it was the secondary button's
// green); an agent is told only customers save. Screenshots of both pages in both languages.
import { expect, test, type Browser } from '@playwright/test';
import { listingPagePath } from '@manzil/contracts';
import { open, type Lang, type SiteKey } from '../helpers/content.js';
import { api, apiCustomer, apiLogin, putSession, shot, SITE, type Tokens } from '../helpers/identity.js';

const JOURNEYS: { site: SiteKey; lang: Lang }[] = [
  { site: 'ae', lang: 'en' },
  { site: 'sa', lang: 'ar' },
];

const AGENT_TOLD = {
  en: 'Only customers can save properties to a wishlist.',
  ar: 'حفظ العقارات في المفضلة متاح للعملاء فقط.',
};
/** The visitor's login prompt, which fits a project as well as a property (it said "this property"). */
const PROMPT = {
  en: 'Please login to save to your wishlist.',
  ar: 'يرجى تسجيل الدخول للحفظ في قائمة المفضلة.',
};
/** --mz-color-danger (#b3261e), the saved hearts' colour. */
const SAVED_RED = 'rgb(179, 38, 30)';

async function signedIn(browser: Browser, site: SiteKey, tokens: Tokens) {
  const context = await browser.newContext();
  await putSession(context, site, tokens);
  return context.newPage();
}

test('project cards carry the heart; the property page’s saved heart is red and pressed (ae/en, sa/ar)', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  for (const { site, lang } of JOURNEYS) {
    const customer = await apiCustomer(request, site);
    const page = await signedIn(browser, site, customer.tokens!);

    // The new projects page: a heart on every card; the customer saves the first project.
    await open(page, site, lang, listingPagePath('new-projects', lang));
    const cards = page.getByTestId('project-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByTestId('wishlist-heart')).toHaveAttribute('data-kind', 'project');
    expect(await page.getByTestId('project-card').getByTestId('wishlist-heart').count()).toBe(
      await cards.count(),
    );
    const projectHeart = cards.first().getByTestId('wishlist-heart');
    await projectHeart.click();
    await expect(projectHeart).toHaveAttribute('aria-pressed', 'true');
    await expect(projectHeart).toHaveCSS('color', SAVED_RED);
    await shot(page, `hearts-projects-${site}-${lang}`);

    // A public listing of the site: its page's heart, saved, stays red when hovered and focused.
    const listed = await api(request, site).get('/api/search/v1/properties?limit=1');
    const [listing] = ((await listed.json()) as { results: { items: { slug: string }[] } }).results.items;
    await open(page, site, lang, `/property/${listing.slug}`);
    const heart = page.getByTestId('property-page').getByTestId('wishlist-heart').first();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await heart.hover();
    await expect(heart).toHaveCSS('color', SAVED_RED);
    await heart.focus();
    await expect(heart).toHaveCSS('color', SAVED_RED);
    await shot(page, `hearts-property-${site}-${lang}`);
    await page.context().close();

    // A visitor gets the wishlist's login prompt from a project card.
    const visitor = await (await browser.newContext()).newPage();
    await open(visitor, site, lang, listingPagePath('new-projects', lang));
    await visitor.getByTestId('project-card').first().getByTestId('wishlist-heart').click();
    await expect(visitor.getByTestId('login-prompt')).toContainText(PROMPT[lang]);
    await shot(visitor, `hearts-projects-visitor-${site}-${lang}`);
    await visitor.context().close();

    // An agent (the projects pages are for customers and visitors; the property page is theirs
    // too) sees the heart and is told, in the page's language, that only customers save properties.
    const agent = await signedIn(
      browser,
      site,
      await apiLogin(request, site, 'agent', SITE[site].seeded.agent),
    );
    await open(agent, site, lang, `/property/${listing.slug}`);
    await agent.getByTestId('property-page').getByTestId('wishlist-heart').first().click();
    await expect(agent.getByTestId('toast')).toContainText(AGENT_TOLD[lang]);
    await shot(agent, `hearts-property-agent-${site}-${lang}`);
    await agent.context().close();
  }
});
