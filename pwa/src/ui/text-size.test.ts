import { beforeEach, describe, expect, it } from 'vitest';
import { applyTextSize, chooseTextSize, storedTextSize, TEXT_SIZE_KEY } from './text-size';

describe('the text size', () => {
  beforeEach(() => {
    localStorage.clear();
    applyTextSize(100);
  });

  it("is the browser's own until chosen", () => {
    expect(storedTextSize()).toBe(100);
    expect(document.documentElement.style.fontSize).toBe('');
  });

  it('applies a choice and keeps it on the device; 100 forgets it', () => {
    chooseTextSize(150);
    expect(document.documentElement.style.fontSize).toBe('150%');
    expect(localStorage.getItem(TEXT_SIZE_KEY)).toBe('150');
    expect(storedTextSize()).toBe(150);
    chooseTextSize(100);
    expect(document.documentElement.style.fontSize).toBe('');
    expect(localStorage.getItem(TEXT_SIZE_KEY)).toBeNull();
  });

  it('ignores a stored value that is not one of the three', () => {
    localStorage.setItem(TEXT_SIZE_KEY, '400');
    expect(storedTextSize()).toBe(100);
    localStorage.setItem(TEXT_SIZE_KEY, '125');
    expect(storedTextSize()).toBe(125);
  });
});
