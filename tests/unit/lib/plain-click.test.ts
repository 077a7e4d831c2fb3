import { describe, expect, it } from 'vitest';
import { isPlainClick } from '../../../src/lib/plain-click.ts';

const click = (overrides: Partial<Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>> = {}) => ({ button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...overrides });

describe('isPlainClick', () => {
  it('takes a press of the main button with no modifier key', () => {
    expect(isPlainClick(click())).toBe(true);
  });

  it('leaves to the browser a click asking for a new tab or window, or to save the link', () => {
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) expect(isPlainClick(click({ [key]: true })), key).toBe(false);
  });

  it('leaves the middle and other buttons to the browser', () => {
    expect(isPlainClick(click({ button: 1 }))).toBe(false);
    expect(isPlainClick(click({ button: 2 }))).toBe(false);
  });
});
