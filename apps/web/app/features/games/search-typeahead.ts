import { useModals } from '../modals/modal-store';

/**
 * What a player types right after opening the game search, kept until the search field exists: the
 * dialog's code loads on first use (0.1–0.6 s on a phone), and keys pressed meanwhile would go to
 * the page and be lost. Escape in that time closes the search, as it would once the dialog is there.
 */
let typed: string | null = null;
let listener: ((event: KeyboardEvent) => void) | null = null;

function stop(): void {
  if (listener) window.removeEventListener('keydown', listener, true);
  listener = null;
  typed = null;
}

function searchOpen(): boolean {
  return useModals.getState().stack.some((entry) => entry.name === 'game-search');
}

/** Opens the game search and keeps the keys typed until the search field takes them. */
export function openGameSearch(): void {
  stop();
  useModals.getState().open('game-search');
  typed = '';
  listener = (event) => {
    if (!searchOpen()) return stop();
    if (event.key === 'Escape') {
      stop();
      useModals.getState().closeByName('game-search');
    } else if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) {
      return;
    } else if (event.key === 'Backspace') {
      typed = (typed ?? '').slice(0, -1);
    } else if (event.key.length === 1) {
      typed = (typed ?? '') + event.key;
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  };
  window.addEventListener('keydown', listener, true);
}

/** The keys typed since the search opened (once: later calls get an empty string); stops keeping them. */
export function takeSearchTypeahead(): string {
  const text = typed ?? '';
  stop();
  return text;
}
