/**
 * The production SMS adapter against the sandbox's Unifonic (its REST form protocol): what
 * docker-compose's dev profile runs, identity in production mode included.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppException, UnifonicSmsSender } from '@manzil/nest-kit';
import { startSandbox, type SandboxProcess } from '@manzil/testing';

describe("UnifonicSmsSender against the sandbox's Unifonic", () => {
  let sandbox: SandboxProcess;

  beforeAll(async () => {
    sandbox = await startSandbox({ UNIFONIC_APP_SID: 'app-sid-under-test' });
  }, 60_000);
  afterAll(async () => {
    await sandbox?.stop();
  });

  const inbox = async (to: string) => {
    const response = await fetch(`${sandbox.url}/v1/sms?to=${encodeURIComponent(to)}`);
    const body = (await response.json()) as { results: { items: { body: string; code: string | null }[] } };
    return body.results.items;
  };

  it('delivers an Arabic OTP to the recipient the sink shows, with its code', async () => {
    const sender = new UnifonicSmsSender(`${sandbox.url}/rest/SMS/messages`, 'app-sid-under-test', 'Manzil');
    await sender.send('+966 55 100 0777', 'رمز التحقق من منزل: 4821');
    const [message] = await inbox('+966551000777');
    expect(message).toMatchObject({ body: 'رمز التحقق من منزل: 4821', code: '4821' });
  });

  it('an AppSid Unifonic does not know is a refusal: SERVICE_UNAVAILABLE, nothing delivered', async () => {
    const sender = new UnifonicSmsSender(`${sandbox.url}/rest/SMS/messages`, 'someone-else', 'Manzil');
    await expect(sender.send('+971501000778', 'Code 1234')).rejects.toMatchObject(
      new AppException('SERVICE_UNAVAILABLE'),
    );
    expect(await inbox('+971501000778')).toEqual([]);
  });
});
