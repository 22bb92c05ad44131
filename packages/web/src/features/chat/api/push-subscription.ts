import { type TChatUserType, type TPushSubscription, ZPushKeyResponse } from '@puna/domain';
import { api } from '../../../lib/api';

/** `GET /notifications/push/key`: the VAPID public key (base64url) the browser subscribes with. */
export async function getPushKey(): Promise<string> {
  return ZPushKeyResponse.parse(await api.get<unknown>('/notifications/push/key')).Result.publicKey;
}

/** `POST /auth/push-subscription`; the server files it under the session's user whatever the ids say. */
export function savePushSubscription(body: {
  subscription: TPushSubscription;
  userId: number;
  userType: TChatUserType;
}): Promise<unknown> {
  return api.post<unknown>('/auth/push-subscription', body);
}

/** `DELETE /auth/push-subscription`: the server forgets one of the caller's endpoints. */
export function deletePushSubscription(endpoint: string): Promise<unknown> {
  return api.delete<unknown>('/auth/push-subscription', { endpoint });
}
