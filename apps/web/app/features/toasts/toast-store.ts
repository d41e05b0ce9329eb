import { create } from 'zustand';

/** Kinds of toast and how long each stays (spec §4 and §9). */
export type ToastKind = 'default' | 'bonus' | 'favorite' | 'race' | 'document' | 'error' | 'app-update' | 'prize-drop';

export const TOAST_DEFAULT_MS = 3000;
export const TOAST_COLLAPSE_MS = 300;

/** Auto-close duration; null means the toast stays until an action (app update). */
export function toastDuration(kind: ToastKind): number | null {
  switch (kind) {
    case 'default':
      return TOAST_DEFAULT_MS;
    case 'favorite':
      return 1500;
    case 'race':
      return 10_000;
    case 'app-update':
      return null;
    default:
      return 5000;
  }
}

export interface ToastAction {
  label: string;
  onClick(): void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  actions?: ToastAction[];
  /** True during the 300 ms collapse before removal. */
  leaving?: boolean;
}

interface ToastState {
  toasts: Toast[];
  show(kind: ToastKind, message: string, actions?: ToastAction[]): number;
  dismiss(id: number): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show: (kind, message, actions) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, kind, message, ...(actions ? { actions } : {}) }] }));
    const duration = toastDuration(kind);
    if (duration !== null) timers.set(id, setTimeout(() => get().dismiss(id), duration));
    return id;
  },
  dismiss: (id) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)) }));
    setTimeout(() => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })), TOAST_COLLAPSE_MS);
  },
}));

export const showToast = (kind: ToastKind, message: string, actions?: ToastAction[]) => useToasts.getState().show(kind, message, actions);
