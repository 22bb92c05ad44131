/** The dimmed layer behind a dialog or slide-in panel: a click closes; out of the tab order and hidden from screen readers. */
export function Backdrop({ onClose, blur = false }: { onClose: () => void; blur?: boolean }) {
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      className={`absolute inset-0 animate-fade-in cursor-default bg-slate-950/50${blur ? ' backdrop-blur-[2px]' : ''}`}
      onClick={onClose}
    />
  );
}
