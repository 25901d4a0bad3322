import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { Language, Unit, WishlistEntry } from '@manzil/contracts';
import { storeSession } from '@manzil/ui';
import { accountProfile, publicProject } from '@manzil/ui/test/fixtures';
import { fakeToken, renderScreen } from '../auth/test-utils.js';
import { ProfilePage } from './profile-page.js';

const project = publicProject();
const unit: Unit = {
  id: '0193a000-0000-7000-8000-000000070001',
  projectId: project.id,
  layout: 'penthouse',
  bedrooms: 4,
  area: 3_200,
  price: 9_500_000,
  floorPlanUrl: null,
  reference: 'PH-1',
  status: 'reserved',
};
const savedAt = '2026-11-28T10:00:00.000Z';
const none = { property: null, project: null, unit: null };
const entries: WishlistEntry[] = [
  { kind: 'unit', id: unit.id, savedAt, ...none, project, unit },
  { kind: 'project', id: project.id, savedAt, ...none, project },
  // Unpublished since: left to /myWishlist, which says so.
  { kind: 'project', id: '0193a000-0000-7000-8000-000000000799', savedAt, ...none },
];

describe('/profile?tab=saved (saved properties, projects and units)', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['en', 'Projects and units', 'Unit', 'Penthouse, Reserved', 'Project'],
    ['ar', 'المشاريع والوحدات', 'وحدة', 'بنتهاوس، محجوزة', 'مشروع'],
  ] as const)(
    'in %s lists a saved project and unit with a link to the project, and asks for every kind',
    async (language: Language, heading, unitKind, unitMeta, projectKind) => {
      storeSession({ token: fakeToken({ role: 'user', firstName: 'Mona' }), refresh_token: 'r1' });
      const calls: string[] = [];
      // Identity's profile and the wishlist, whichever asks first.
      globalThis.fetch = (async (url: string) => {
        calls.push(url);
        const results = url.includes('/wishlist')
          ? { items: entries, page: 1, limit: 6, total: 3 }
          : accountProfile({ role: 'user' });
        return {
          status: 200,
          ok: true,
          statusText: '',
          json: async () => ({ status: 200, success: true, message: 'OK', results }),
        } as Response;
      }) as typeof fetch;
      renderScreen(<ProfilePage />, { path: '/profile?tab=saved', language });
      const tab = await screen.findByTestId('saved-tab');
      const unitRow = await within(tab).findByTestId('saved-unit');
      expect(within(tab).getByRole('heading', { name: heading })).toBeTruthy();
      expect(unitRow.textContent).toContain(unitKind);
      expect(unitRow.textContent).toContain(unitMeta);
      expect(unitRow.textContent).toContain(project.title[language]);
      expect(within(unitRow).getByRole('link').getAttribute('href')).toBe(`/project/${project.slug}`);
      const projectRows = within(tab).getAllByTestId('saved-project');
      expect(projectRows).toHaveLength(1);
      expect(projectRows[0].textContent).toContain(projectKind);
      await waitFor(() => expect(calls).toContain('/api/listings/v1/wishlist?page=1&limit=6'));
    },
  );
});
