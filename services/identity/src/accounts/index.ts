export { AccountsService, type GoogleAccountInput, type NewAccount } from './accounts.service.js';
export { AccountsModule } from './accounts.module.js';
export { Account } from './account.entity.js';
export { toProfile, pictureOf } from './account-profile.js';
