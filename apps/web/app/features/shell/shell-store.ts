import { create } from 'zustand';

/** UI state of the shell: the mobile menu (sidebar drawer). */
export const useShell = create<{ menuOpen: boolean; setMenuOpen(open: boolean): void }>((set) => ({
  menuOpen: false,
  setMenuOpen: (menuOpen) => set({ menuOpen }),
}));
