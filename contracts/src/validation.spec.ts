import { describe, expect, it } from '@jest/globals';
import { fieldMessage } from './errors.js';
import {
  changePasswordSchema,
  loginRequestSchema,
  registerAgentSchema,
  registerCustomerSchema,
} from './identity.js';
import {
  emailSchema,
  mobileSchema,
  nameArSchema,
  otpSchema,
  passwordSchema,
  VALIDATION_MESSAGES,
} from './validation.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('password rule (spec §5)', () => {
  it.each(['Abcdef1!', 'Zz9#zzzz', 'Manzil@2026', 'A1b2C3d4-', 'Aa1^aaaaaaaaaaaa'])(
    'accepts %s',
    (password) => {
      expect(passwordSchema.safeParse(password).success).toBe(true);
    },
  );
  it.each([
    'abcdef1!', // no uppercase
    'ABCDEF1!', // no lowercase
    'Abcdefg!', // no digit
    'Abcdefg1', // no special
    'Ab1!', // too short
    'Aa1!aaaaaaaaaaaaa', // 17
    'Abcdef1_', // _ is not one of the specials
    'Abcdef1 !', // space
  ])('refuses %s with the spec message', (password) => {
    const result = passwordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(fieldMessage(firstMessage(result)!, 'en')).toBe(
      'Password must contain uppercase and lowercase characters, numbers, special character and must be minimum 8 characters long.',
    );
  });
});

describe('inputs typed in Arabic', () => {
  it('normalises Arabic-Indic digits in mobile and OTP', () => {
    expect(mobileSchema.parse('٠٥٠١٢٣٤٥٦٧')).toBe('0501234567');
    expect(otpSchema.parse('١٢٣٤')).toBe('1234');
    expect(otpSchema.safeParse('١٢٣').success).toBe(false);
    expect(mobileSchema.safeParse('1234567').success).toBe(false);
    expect(mobileSchema.safeParse('1234567890123').success).toBe(false);
  });

  it('lower-cases and checks email', () => {
    expect(emailSchema.parse('  Sara@Example.COM ')).toBe('sara@example.com');
    expect(emailSchema.safeParse('sara@').success).toBe(false);
  });
});

describe('registration and login payloads', () => {
  const customer = {
    firstName: 'Sara',
    lastName: 'Al Hashimi',
    email: 'sara@example.com',
    countryCode: '+971',
    mobile: '501234567',
    password: 'Manzil@2026',
    confirmPassword: 'Manzil@2026',
    termsAccepted: true,
  };

  it('accepts a complete customer', () => {
    expect(registerCustomerSchema.safeParse(customer).success).toBe(true);
  });

  it('requires terms with the spec text and a matching confirmation', () => {
    const noTerms = registerCustomerSchema.safeParse({ ...customer, termsAccepted: false });
    expect(fieldMessage(firstMessage(noTerms)!, 'en')).toBe('Click Agree Before Submit');
    const mismatch = registerCustomerSchema.safeParse({ ...customer, confirmPassword: 'Manzil@2027' });
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'password.mismatch',
    });
    expect(fieldMessage('password.mismatch', 'en')).toBe('Password and confirm password does not match.');
  });

  it('requires a company for an agent unless freelancer', () => {
    const agent = { ...customer, brn: '12345', pictureId: 'upload-1' };
    expect(registerAgentSchema.safeParse(agent).error?.issues[0]?.path).toEqual(['companyId']);
    expect(registerAgentSchema.safeParse({ ...agent, freelancer: true }).success).toBe(true);
    expect(registerAgentSchema.safeParse({ ...agent, brn: '1234567890123' }).success).toBe(false);
  });

  it('sends only countryCode, mobile and password to log in', () => {
    const parsed = loginRequestSchema.parse({
      countryCode: '+966',
      mobile: '٥٠١٢٣٤٥٦٧',
      password: 'x',
      extra: 1,
    });
    expect(parsed).toEqual({ countryCode: '+966', mobile: '501234567', password: 'x' });
  });

  it('refuses a new password equal to the old one', () => {
    const result = changePasswordSchema.safeParse({
      oldPassword: 'Manzil@2026',
      password: 'Manzil@2026',
      confirmPassword: 'Manzil@2026',
    });
    expect(result.error?.issues.map((i) => i.message)).toContain('password.same');
  });

  it('has every validation message in both languages', () => {
    for (const text of Object.values(VALIDATION_MESSAGES)) {
      expect(text.ar).toMatch(/[\u0600-\u06FF]/);
      expect(text.en).not.toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('the Arabic form of a name (agents and companies)', () => {
  it('takes Arabic letters, tidies spaces, and clears with an empty value', () => {
    expect(nameArSchema.parse('  فيصل   القحطاني ')).toBe('فيصل القحطاني');
    expect(nameArSchema.parse('مارينا هومز للعقارات')).toBe('مارينا هومز للعقارات');
    expect(nameArSchema.parse('   ')).toBeNull();
  });

  it('refuses Latin letters and digits with its message, and a name of one letter', () => {
    const latin = nameArSchema.safeParse('Faisal القحطاني');
    expect(firstMessage(latin)).toBe('nameAr.arabic');
    expect(fieldMessage('nameAr.arabic', 'ar')).toBe('اكتب الاسم العربي بالحروف العربية فقط.');
    expect(firstMessage(nameArSchema.safeParse('فيصل 2'))).toBe('nameAr.arabic');
    expect(firstMessage(nameArSchema.safeParse('ف'))).toBe('name.length');
  });
});
