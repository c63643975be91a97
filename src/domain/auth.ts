import type { Scope } from '../contract/scopes.js';
import type { AccountRecord, ApiKeyRecord } from '../state/records.js';
import type { Store } from '../state/store.js';
import { ApiError } from './api-error.js';

export interface Caller {
  apiKey: ApiKeyRecord;
  account: AccountRecord;
}

/** Who is calling, checked in the order the service does: key, then KYC, then scope. */
export function authorize(directory: Pick<Store, 'apiKey' | 'account'>, key: string | null, scope: Scope): Caller {
  if (key === null || key === '') {
    throw new ApiError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header.');
  }
  const apiKey = directory.apiKey(key);
  const account = apiKey && directory.account(apiKey.accountId);
  if (!apiKey || !account) {
    throw new ApiError('UNAUTHORIZED', 'Invalid API key: check the x-api-key header against the keys of your account.');
  }
  if (apiKey.revoked) {
    throw new ApiError('UNAUTHORIZED', 'This API key has been revoked: use an active key from the partner console.');
  }
  if (account.kyc !== 'approved') {
    throw new ApiError('KYC_REQUIRED', 'KYC approval is required: the account can call the API once its KYC review is approved.');
  }
  if (!apiKey.scopes.includes(scope)) {
    throw new ApiError('FORBIDDEN_SCOPE', `Missing required scope: ${scope}`);
  }
  return { apiKey, account };
}
