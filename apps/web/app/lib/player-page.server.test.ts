import { describe, expect, it } from 'vitest';
import { playerDataScript } from './player-page.server';
import type { PlayerOverlay } from './player-overlay';

describe('playerDataScript', () => {
  it('no value closes the script, opens a comment or breaks a line, and the JSON reads back', () => {
    const login = '</script><script>alert(1)</script><!-- & \u2028\u2029 </SCRIPT>';
    const overlay = { player: { login }, favorites: [1] } as unknown as PlayerOverlay;
    const script = playerDataScript(overlay);
    const inner = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(script.match(/<\/script>/gi)).toHaveLength(1);
    expect(JSON.parse(inner)).toEqual(overlay);
    expect(script.startsWith('<script id="player-data" type="application/json">')).toBe(true);
  });
});
