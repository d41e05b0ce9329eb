import { useTranslation } from '../../i18n/use-translation';
import { CloseIcon } from '../../components/icons';
import { useToasts } from './toast-store';

/** Toasts in a polite live region, newest last; each can be dismissed. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div aria-live="polite" aria-atomic="false" className="pointer-events-none fixed inset-x-0 top-20 z-[60] flex flex-col items-center gap-2 px-3">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${toast.kind}`}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-theme border border-line bg-raised p-3 text-fg shadow-xl transition-all duration-300 ${toast.leaving ? 'translate-y-[-8px] opacity-0' : 'opacity-100'}`}
        >
          <p className="flex-1 pt-1.5 text-sm font-semibold">{toast.message}</p>
          {toast.actions?.map((action) => (
            <button key={action.label} type="button" className="btn btn-primary min-h-9 px-3 text-sm" onClick={action.onClick}>
              {action.label}
            </button>
          ))}
          <button type="button" className="btn btn-ghost btn-icon min-h-9 min-w-9 p-1" aria-label={t('common.dismiss')} onClick={() => dismiss(toast.id)}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
