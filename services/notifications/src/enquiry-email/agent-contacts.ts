/** The agent's public contact, from identity's directory (by account id). */
export class AgentContacts {
  constructor(private readonly identityUrl: string) {}

  /** The agent's e-mail, or null for an agent the directory does not show (inactive, deleted, none). */
  async emailOf(site: string, agentId: string): Promise<string | null> {
    const response = await fetch(
      `${this.identityUrl}/v1/directory/agents/by-id/${encodeURIComponent(agentId)}`,
      {
        headers: { 'x-site': site, accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      },
    );
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`identity's directory answered ${response.status}`);
    const body = (await response.json()) as { results?: { email?: unknown } };
    const email = body.results?.email;
    return typeof email === 'string' && email.includes('@') ? email : null;
  }
}
