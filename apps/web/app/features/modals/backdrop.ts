import type { ModalName } from '../../platform/feature';
import { registry, type FeatureRegistry } from '../../platform/registry';

export type { ModalName } from '../../platform/feature';

/**
 * Backdrop and Escape rules of the modal stack, from each modal's declaration in its feature's
 * feature.ts (spec §2, Modals). A name no feature declares closes on both.
 */

/** Whether only the modal's own buttons close it (no close button, no Escape, no backdrop). */
export function isUndismissable(name: ModalName, features: FeatureRegistry = registry): boolean {
  return features.modal(name)?.dismissable === false;
}

/**
 * Whether a backdrop click on the modal `name` closes it, given the names currently open. Nothing
 * closes by backdrop while a modal that freezes the others (the terms confirmation) is open.
 */
export function closesOnBackdrop(name: ModalName, openNames: readonly ModalName[], features: FeatureRegistry = registry): boolean {
  if (openNames.some((open) => features.modal(open)?.freezesOthers)) return false;
  const modal = features.modal(name);
  return modal?.closesOnBackdrop !== false && modal?.dismissable !== false;
}

/**
 * Escape follows the backdrop rule unless the modal declares its own `closesOnEscape`; an
 * undismissable modal, or any modal while one freezes the others, never closes by Escape.
 */
export function closesOnEscape(name: ModalName, openNames: readonly ModalName[], features: FeatureRegistry = registry): boolean {
  if (openNames.some((open) => features.modal(open)?.freezesOthers) || isUndismissable(name, features)) return false;
  return features.modal(name)?.closesOnEscape ?? closesOnBackdrop(name, openNames, features);
}
