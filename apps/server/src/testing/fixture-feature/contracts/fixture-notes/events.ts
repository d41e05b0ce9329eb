import { defineEvent } from '@sweepstack/contracts/events';
import { z } from 'zod';

/** A player added a note (the fixture's event; its handler answers with a push). */
export const FixtureNoteAdded = defineEvent('fixture-notes.note-added', z.object({ note: z.string().min(1) }));

/** The handler of a note counted the player's notes (it carries the `fixtureNotes` push). */
export const FixtureNotesCounted = defineEvent('fixture-notes.counted', z.object({ count: z.number().int().min(0) }));

declare module '@sweepstack/contracts/events' {
  interface EventCatalogue {
    'fixture-notes.note-added': typeof FixtureNoteAdded;
    'fixture-notes.counted': typeof FixtureNotesCounted;
  }
}
