// Stub answers of the identity service for the preview (same paths and shapes as
// contracts/src/identity.ts). Mobile 500000000 is an unverified account (403 → /otpVerify),
// password Wrong#1234 a failed login, OTP 1234 the right code; adding an agent is refused
// for lack of a subscription (402).
const PREFIX = '/api/identity';

function fakeToken(payload) {
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ exp: 4102444800, ...payload })}.x`;
}

const NAMES = {
  user: { firstName: 'Sara', lastName: 'Al Mansoori', ar: 'سارة' },
  agent: { firstName: 'Omar', lastName: 'Haddad', ar: 'عمر' },
  company: { name: 'Bayt Al Khaleej Real Estate', ar: 'بيت الخليج' },
};

function tokens(role, site) {
  const n = NAMES[role] ?? NAMES.user;
  const claims = role === 'company' ? { role, name: n.name } : { role, firstName: n.firstName };
  return {
    token: fakeToken(claims),
    refresh_token: `refresh-${role}`,
    is_nafath_verified: site !== 'sa',
    verified: true,
  };
}

function roleOf(request) {
  const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  try {
    return JSON.parse(Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString()).role ?? 'user';
  } catch {
    return 'user';
  }
}

function profile(role, site) {
  const n = NAMES[role] ?? NAMES.user;
  return {
    id: '00000000-0000-4000-8000-000000000001',
    role,
    site,
    firstName: n.firstName ?? null,
    lastName: n.lastName ?? null,
    name: n.name ?? `${n.firstName} ${n.lastName}`,
    email: 'hello@example.com',
    countryCode: site === 'sa' ? '+966' : '+971',
    mobile: '501234567',
    picture: null,
    language: 'en',
    verified: true,
    isNafathVerified: false,
    companyId: null,
    emailVerified: false,
  };
}

const AGENTS = [
  ['Omar', 'Haddad', 'Senior property consultant', 'active'],
  ['Noura', 'Al Otaibi', 'Leasing specialist', 'active'],
  ['Rahul', 'Menon', null, 'inactive'],
  ['Fatima', 'Zahra', 'Off-plan advisor', 'active'],
].map(([firstName, lastName, designation, status], i) => ({
  id: `00000000-0000-4000-8000-00000000010${i}`,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@baytalkhaleej.ae`,
  countryCode: '+971',
  mobile: `50123456${i}`,
  brn: `BRN-4471${i}`,
  designation,
  status,
  picture: i === 1 ? '/preview-photos/4.svg' : null,
}));

/** Answers an identity call, or returns false when the path is not one of them. */
export function identityStub(request, url, body, site, reply) {
  if (!url.pathname.startsWith(PREFIX)) return false;
  const path = url.pathname.slice(PREFIX.length);
  const method = request.method ?? 'GET';
  const ok = (results, message = 'OK') => reply(200, { status: 200, success: true, message, results });
  const fail = (status, message, results = null) =>
    reply(status, { status, success: false, message, results });
  const timing = { expiresInSeconds: 120, resendInSeconds: 60 };
  const login = path.match(/^\/v1\/auth\/login\/(customer|agent|company)$/);
  if (login && method === 'POST') {
    if (body.mobile === '500000000')
      return fail(403, 'Please verify your mobile number.', {
        verified: false,
        countryCode: body.countryCode,
        mobile: body.mobile,
        purpose: 'signup',
        ...timing,
      });
    if (body.password === 'Wrong#1234') return fail(401, 'Invalid mobile number or password.');
    return ok(tokens(login[1] === 'customer' ? 'user' : login[1], site));
  }
  if (/^\/v1\/auth\/register\//.test(path) && method === 'POST')
    return ok({
      verified: false,
      countryCode: body.countryCode,
      mobile: body.mobile,
      purpose: 'signup',
      ...timing,
    });
  if (path === '/v1/auth/otp/verify')
    return body.otp === '1234'
      ? ok(body.purpose === 'reset' ? { resetToken: 'reset-1' } : tokens('user', site))
      : fail(400, 'The OTP is incorrect.');
  if (path === '/v1/auth/otp/resend' || path === '/v1/auth/forgot-password') return ok(timing);
  if (path === '/v1/auth/reset-password' || path === '/v1/auth/logout') return ok(null);
  if (path === '/v1/auth/refresh') return ok(tokens(roleOf(request), site));
  if (path === '/v1/uploads' || path === '/v1/profile/image')
    return ok({ id: 'upload-1', url: '/preview-photos/5.svg' });
  if (path === '/v1/companies')
    return ok({
      items: [
        { id: '00000000-0000-4000-8000-000000000200', name: 'Bayt Al Khaleej Real Estate', logo: null },
      ],
      page: 1,
      limit: 100,
      total: 1,
    });
  if (path === '/v1/profile') return ok(profile(roleOf(request), site));
  if (path === '/v1/profile/password' || path === '/v1/profile/language') return ok(null);
  if (path === '/v1/agents' && method === 'GET')
    return ok({ items: AGENTS, page: 1, limit: 10, total: AGENTS.length });
  if (path === '/v1/agents' && method === 'POST')
    return fail(402, 'You have to buy subscription to add agent');
  if (/^\/v1\/agents\/[^/]+$/.test(path) && method === 'GET') {
    const agent = AGENTS.find((a) => path.endsWith(a.id));
    return agent
      ? ok({ ...agent, whatsapp: true, nationality: 'Jordanian', languages: ['Arabic', 'English'], bio: '' })
      : fail(404, 'No Record Found');
  }
  if (/^\/v1\/agents\//.test(path)) return ok(null);
  if (path === '/v1/account/deletion/otp') return ok(timing);
  if (path === '/v1/account/deletion') return ok({ eraseAfter: '2030-01-01T00:00:00.000Z' });
  if (path === '/v1/nafath/request')
    return ok({ transId: 'trans-1', random: '42', expiresAt: new Date(Date.now() + 180_000).toISOString() });
  if (path === '/v1/nafath/status') return ok({ status: 'WAITING' });
  return fail(404, 'Not found');
}
