import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

type SelectionState = { chatFromList?: boolean } | null;

/** `?chat=<id>` → the id, or null when absent or not an id. */
export function parseChatParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The open chat lives in the address (`?chat=<id>`), so a push notification's link opens it.
 * Choosing from the list adds a history entry (the phone's back closes the chat); the screen's
 * back arrow first closes the chat, then goes back one page (docs/product.md#chat).
 */
export function useChatSelection(homePath: string) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const selectedId = parseChatParam(params.get('chat'));
  const cameFromList = (location.state as SelectionState)?.chatFromList === true;

  const select = useCallback(
    (chatId: number) => {
      if (chatId === selectedId) return;
      // Switching between chats replaces the entry, so back still leads to the list.
      setParams({ chat: String(chatId) }, { replace: selectedId !== null, state: { chatFromList: true } });
    },
    [selectedId, setParams],
  );

  const deselect = useCallback(() => {
    if (cameFromList) navigate(-1);
    else setParams({}, { replace: true });
  }, [cameFromList, navigate, setParams]);

  const leave = useCallback(() => {
    // React Router numbers its entries: at 0 there is no page of ours to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(homePath);
  }, [homePath, navigate]);

  return { selectedId, select, deselect, leave };
}
