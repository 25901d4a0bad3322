import '@manzil/ui/test/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountProfileWithEmail } from '@manzil/contracts';
import { accountProfile } from '@manzil/ui/test/fixtures';
import { envelope, mockFetch, renderScreen } from '../auth/test-utils.js';
import { MyProfileTab } from './my-profile-tab.js';

const agent: AccountProfileWithEmail = accountProfile({
  role: 'agent',
  site: 'sa',
  firstName: 'Faisal',
  lastName: 'Alqahtani',
  name: 'Faisal Alqahtani',
  email: 'faisal@example.com',
  countryCode: '+966',
  mobile: '551000003',
  language: 'ar',
  isNafathVerified: true,
  nameAr: null,
});

const input = (testId: string) =>
  screen.getByTestId(testId).querySelector('input') ?? (screen.getByTestId(testId) as HTMLInputElement);

describe('my profile: the Arabic form of the name', () => {
  it('an agent writes it in Arabic letters: a Latin one is refused on the field before any call, then it is sent', async () => {
    const saved = { ...agent, nameAr: 'فيصل القحطاني' };
    const calls = mockFetch(envelope(200, saved));
    let current = agent;
    renderScreen(<MyProfileTab profile={agent} onChange={(p) => (current = p)} />, {
      path: '/profile',
      language: 'ar',
      site: 'sa',
    });
    expect(screen.getByTestId('profile-view-name-ar').textContent).toBe('—');
    fireEvent.click(screen.getByTestId('profile-edit'));
    fireEvent.change(input('profile-name-ar'), { target: { value: 'Faisal' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('اكتب الاسم العربي بالحروف العربية فقط.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(input('profile-name-ar'), { target: { value: 'فيصل القحطاني' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0].init?.body))).toMatchObject({ nameAr: 'فيصل القحطاني' });
    await waitFor(() => expect(current.nameAr).toBe('فيصل القحطاني'));
  });

  it('a customer has no such field', () => {
    renderScreen(<MyProfileTab profile={{ ...agent, role: 'user' }} onChange={() => undefined} />, {
      path: '/profile',
    });
    expect(screen.queryByTestId('profile-view-name-ar')).toBeNull();
    fireEvent.click(screen.getByTestId('profile-edit'));
    expect(screen.queryByTestId('profile-name-ar')).toBeNull();
  });
});
