import type { TListType } from '@puna/domain';
import { messages } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import * as employerSettings from '../employer-settings/service';

/**
 * The `{userId}` in the list-type paths only ever names the caller's own employer: any other id
 * answers 404, exactly like an employer that does not exist.
 */
function ownEmployer(actor: Actor, userId: number): number {
  const employerId = tenantOf(actor);
  if (userId !== employerId) throw notFound(messages.employerNotFound);
  return employerId;
}

export async function getListType(deps: ServiceDeps, actor: Actor, userId: number): Promise<TListType> {
  const { db } = deps;
  const listType = await employerSettings.listTypeOf(db, ownEmployer(actor, userId));
  if (!listType) throw notFound(messages.employerNotFound);
  return listType;
}

export async function setListType(deps: ServiceDeps, actor: Actor, userId: number, listType: TListType) {
  const { db } = deps;
  await employerSettings.setListType(db, ownEmployer(actor, userId), listType);
}
