import { describe, expect, it } from '@jest/globals';
import { accountChannelsV1, agentContactV1, companyProfileV1 } from './identity.js';
import { topicOfEvent } from './event-topics.js';

describe('identity.agent.contact v1', () => {
  const payload = {
    accountId: '0193c1a2-0000-7000-8000-0000000000aa',
    companyId: null,
    name: 'Aisha Al Mansoori',
    phone: '+971501000003',
    whatsapp: true,
    email: 'aisha@example.com',
    listed: true,
  };

  it('carries how to reach a listed agent, on the identity.account topic', () => {
    expect(agentContactV1).toMatchObject({ type: 'identity.agent.contact', version: 1 });
    expect(agentContactV1.payload.parse(payload)).toEqual(payload);
    expect(topicOfEvent(agentContactV1.type)).toBe('identity.account');
  });

  it('says an agent left the directory with no contact, and refuses a payload without `listed`', () => {
    const unlisted = { ...payload, phone: null, whatsapp: false, email: null, listed: false };
    expect(agentContactV1.payload.parse(unlisted)).toEqual(unlisted);
    const { listed: _listed, ...withoutListed } = payload;
    expect(agentContactV1.payload.safeParse(withoutListed).success).toBe(false);
  });

  it('may carry the Arabic form of the name (optional: events published before it still read)', () => {
    const named = { ...payload, nameAr: 'عائشة المنصوري' };
    expect(agentContactV1.payload.parse(named)).toEqual(named);
    expect(agentContactV1.payload.parse({ ...payload, nameAr: null }).nameAr).toBeNull();
    expect(agentContactV1.payload.safeParse({ ...payload, nameAr: 7 }).success).toBe(false);
  });
});

describe('identity.account.channels v1', () => {
  const payload = {
    accountId: '0193c1a2-0000-7000-8000-0000000000ab',
    role: 'agent',
    language: 'ar',
    email: 'agent@example.com',
    phone: '+971501000003',
  };

  it('carries the language and the proved addresses, on the identity.account topic', () => {
    expect(accountChannelsV1).toMatchObject({ type: 'identity.account.channels', version: 1 });
    expect(accountChannelsV1.payload.parse(payload)).toEqual(payload);
    expect(accountChannelsV1.payload.parse({ ...payload, email: null, phone: null }).phone).toBeNull();
    expect(topicOfEvent(accountChannelsV1.type)).toBe('identity.account');
  });

  it('refuses a language other than en or ar, and a payload without the phone', () => {
    expect(accountChannelsV1.payload.safeParse({ ...payload, language: 'fr' }).success).toBe(false);
    const { phone: _phone, ...withoutPhone } = payload;
    expect(accountChannelsV1.payload.safeParse(withoutPhone).success).toBe(false);
  });
});

describe('identity.company.profile v1', () => {
  const payload = {
    accountId: '0193c1a2-0000-7000-8000-0000000000ac',
    name: 'Riyadh Keys Real Estate',
    nameAr: 'مفاتيح الرياض للعقارات',
    listed: true,
  };

  it("carries a company's names in both languages, on the identity.account topic", () => {
    expect(companyProfileV1).toMatchObject({ type: 'identity.company.profile', version: 1 });
    expect(companyProfileV1.payload.parse(payload)).toEqual(payload);
    expect(topicOfEvent(companyProfileV1.type)).toBe('identity.account');
  });

  it('says when there is no Arabic name, and refuses a payload without one said', () => {
    expect(companyProfileV1.payload.parse({ ...payload, nameAr: null }).nameAr).toBeNull();
    const { nameAr: _nameAr, ...withoutArabic } = payload;
    expect(companyProfileV1.payload.safeParse(withoutArabic).success).toBe(false);
  });
});
