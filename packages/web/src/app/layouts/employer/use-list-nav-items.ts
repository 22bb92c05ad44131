import { Nfc } from 'lucide-react';
import { useMemo } from 'react';
import { useListType } from '../../../lib/queries/get-list-type';
import type { NavItem } from './nav-items';

const LIST_PATH = '/kryepuntor/klista';

/** The list link follows the employer's list type: 'Lista', or 'Lista RFID' with a card icon. */
export function useListNavItems(items: NavItem[]): NavItem[] {
  const listType = useListType().data;
  return useMemo(
    () =>
      listType === 'rfid'
        ? items.map((item) =>
            item.to === LIST_PATH ? { ...item, labelKey: 'employer.nav.listRfid', icon: Nfc } : item,
          )
        : items,
    [items, listType],
  );
}
