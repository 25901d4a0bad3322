import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is a const enum (not usable under isolatedModules): 2 is Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * A hash of no one's password: when a mobile number is unknown, login still verifies a
 * password against it, so an unknown number takes as long as a wrong password.
 */
let dummy: Promise<string> | undefined;

/** False for a missing hash too, after the same amount of work. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  dummy ??= hashPassword('no-account-has-this-password-#1A');
  const target = passwordHash ?? (await dummy);
  try {
    const ok = await verify(target, password);
    return ok && Boolean(passwordHash);
  } catch {
    return false;
  }
}
