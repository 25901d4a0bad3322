export { TokensService, hashToken } from './tokens.service.js';
export { TokensModule } from './tokens.module.js';
export { RefreshToken } from './refresh-token.entity.js';
export { SessionRevocations } from './session-revocations.js';
export { identityAuth, signingKeys, type SigningKeys } from './signing-keys.js';
