import { afterEach, describe, expect, it } from 'vitest';
import { takeOverShell } from './shell';

describe('takeOverShell', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('removes the shell and gives focus to what the (until now hidden) screen marked data-autofocus', () => {
    document.body.innerHTML = '<div id="shell"></div><div id="root"><input id="first" data-autofocus /></div>';
    takeOverShell();
    expect(document.getElementById('shell')).toBeNull();
    expect(document.activeElement?.id).toBe('first');
  });

  it('takes no focus from an element that already has it, and does nothing once the shell is gone', () => {
    document.body.innerHTML =
      '<div id="shell"></div><div id="root"><input id="typed" /><input id="first" data-autofocus /></div>';
    document.getElementById('typed')?.focus();
    takeOverShell();
    expect(document.activeElement?.id).toBe('typed');
    (document.activeElement as HTMLElement).blur();
    takeOverShell();
    expect(document.activeElement).toBe(document.body);
  });
});
