import * as Dialog from '@radix-ui/react-dialog';
import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CloseIcon } from '../../components/icons';
import { trackOpenPopup } from '../../lib/analytics';
import { ComingSoon } from '../coming-soon/empty-state';
import { featureKey } from '../coming-soon/features';
import type { ModalProps } from '../../platform/feature';
import { registry } from '../../platform/registry';
import { closesOnBackdrop, closesOnEscape, isUndismissable, type ModalName } from './backdrop';
import { restoreFocus, useModals, type ModalEntry } from './modal-store';

/** Each declared modal's component, loaded on first use (its own chunk; modals sharing a loader share it). */
const COMPONENTS: ReadonlyMap<string, LazyExoticComponent<ComponentType<ModalProps>>> = new Map(
  registry.modals.flatMap((modal) => (modal.load ? [[modal.name, lazy(modal.load)] as const] : [])),
);

function ModalWindow({ entry, openNames }: { entry: ModalEntry; openNames: ModalName[] }) {
  const { t } = useTranslation();
  const close = useModals((s) => s.close);
  const done = () => close(entry.id);
  const dismissable = !isUndismissable(entry.name);
  const declaration = registry.modal(entry.name);
  const full = declaration?.layout === 'full';
  // Stable across renders: one lazy component per modal name, made when this module loads.
  const Component = COMPONENTS.get(entry.name);
  // What a modal without a component shows: its feature's designed coming-soon state.
  const comingSoon = entry.feature ?? declaration?.comingSoon ?? entry.name;

  useEffect(() => {
    trackOpenPopup(entry.feature ?? entry.name, 'modal_stack');
  }, [entry.feature, entry.name]);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && dismissable && done()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70" />
        <Dialog.Content
          data-testid={`modal-${entry.name}`}
          data-modal-id={entry.id}
          className={
            full
              ? 'fixed inset-0 z-[71] flex flex-col bg-bg text-fg sm:inset-4 sm:rounded-theme-lg sm:border sm:border-line'
              : 'fixed left-1/2 top-1/2 z-[71] max-h-[90dvh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-theme-lg border border-line bg-surface p-6 text-fg shadow-2xl'
          }
          onPointerDownOutside={(event) => {
            if (!closesOnBackdrop(entry.name, openNames)) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (!closesOnBackdrop(entry.name, openNames)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            // Back to the opener (Radix would focus a Dialog.Trigger, which the stack's modals have not).
            event.preventDefault();
            restoreFocus(entry.id);
          }}
          onEscapeKeyDown={(event) => {
            if (!closesOnEscape(entry.name, openNames)) event.preventDefault();
          }}
          {...(!Component || !declaration?.described ? { 'aria-describedby': undefined } : {})}
        >
          {dismissable && !full && (
            <Dialog.Close className="btn btn-ghost btn-icon absolute right-3 top-3" aria-label={t('common.close')}>
              <CloseIcon />
            </Dialog.Close>
          )}
          {Component ? (
            <Suspense fallback={<p className={full ? 'p-6 text-muted' : 'text-muted'}>{t('common.pleaseWait')}</p>}>
              {/* eslint-disable-next-line react-hooks/static-components -- see COMPONENTS */}
              <Component entry={entry} onDone={done} />
            </Suspense>
          ) : (
            <>
              <Dialog.Title className="sr-only">{t(`features.${featureKey(comingSoon)}.name`)}</Dialog.Title>
              <div className="pt-4">
                <ComingSoon feature={comingSoon} headingLevel={2} bare>
                  <button type="button" className="btn btn-primary" onClick={done}>
                    {t('common.ok')}
                  </button>
                </ComingSoon>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The modal stack (loaded on first use): every entry is a Radix dialog, the last one on top. */
export default function ModalStack() {
  const stack = useModals((s) => s.stack);
  const openNames = stack.map((m) => m.name);
  return (
    <>
      {stack.map((entry) => (
        <ModalWindow key={entry.id} entry={entry} openNames={openNames} />
      ))}
    </>
  );
}
