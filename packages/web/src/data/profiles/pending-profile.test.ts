import { describe, expect, it } from 'vitest';
import { readPendingProfile, removePendingProfile, storePendingProfile } from './pending-profile';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('pendingProfile in browser storage', () => {
  it('is stored, read and removed under the key pendingProfile', () => {
    const storage = new MemoryStorage();
    storePendingProfile(storage, { age: 40, goals: ['video_analysis'] });
    expect(JSON.parse(storage.getItem('pendingProfile')!)).toEqual({
      age: 40,
      goals: ['video_analysis'],
    });
    expect(readPendingProfile(storage)).toEqual({ age: 40, goals: ['video_analysis'] });
    removePendingProfile(storage);
    expect(readPendingProfile(storage)).toBeNull();
  });
  it('fields of the wrong type or with unknown values are left out and reported', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'pendingProfile',
      JSON.stringify({
        age: '40',
        gender: 'robot',
        goals: ['video_analysis', 'flying'],
        height_cm: 180,
        expectations: null,
        is_admin: true,
      }),
    );
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (message: unknown) => warnings.push(message);
    expect(readPendingProfile(storage)).toEqual({ height_cm: 180, expectations: null });
    console.warn = warn;
    expect(warnings).toEqual(['Ignoring pendingProfile fields: age, gender, goals, is_admin']);
  });
  it('an unreadable value is dropped, not used', () => {
    const storage = new MemoryStorage();
    storage.setItem('pendingProfile', '{not json');
    const warn = console.warn;
    console.warn = () => undefined;
    expect(readPendingProfile(storage)).toBeNull();
    console.warn = warn;
    expect(storage.getItem('pendingProfile')).toBeNull();
  });
});
