import { describe, expect, it } from '@jest/globals';
import defaults from '../../remotes.json' with { type: 'json' };
import { remoteFor, remoteManifestSchema, remoteToPrefetch } from './registry.js';

describe('remotes', () => {
  it('sends each area to its remote and everything else to customer', () => {
    expect(remoteFor('/admin')).toBe('admin');
    expect(remoteFor('/admin/properties')).toBe('admin');
    expect(remoteFor('/addNewProperty')).toBe('agentPortal');
    expect(remoteFor('/manage-properties')).toBe('agentPortal');
    expect(remoteFor('/myAgents')).toBe('companyPortal');
    expect(remoteFor('/addAgent')).toBe('companyPortal');
    expect(remoteFor('/')).toBe('customer');
    expect(remoteFor('/buy/properties-for-sale')).toBe('customer');
    expect(remoteFor('/administrator')).toBe('customer');
  });

  it('ships a default /remotes.json naming the four manifests under /remotes/<folder>/', () => {
    expect(remoteManifestSchema.parse(defaults)).toEqual({
      customer: '/remotes/customer/mf-manifest.json',
      agentPortal: '/remotes/agent-portal/mf-manifest.json',
      companyPortal: '/remotes/company-portal/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });

  it("starts loading the customer's App with the shell only for the customer's pages", () => {
    expect(remoteToPrefetch('/')).toBe('customer');
    expect(remoteToPrefetch('/buy/properties-for-sale')).toBe('customer');
    expect(remoteToPrefetch('/contact-us')).toBe('customer');
    for (const shellPage of ['/login', '/register', '/otpVerify', '/profile', '/notifications'])
      expect(remoteToPrefetch(shellPage)).toBeNull();
    expect(remoteToPrefetch('/auth/google/callback')).toBeNull();
    expect(remoteToPrefetch('/admin/properties')).toBeNull();
    expect(remoteToPrefetch('/myAgents')).toBeNull();
  });
});
