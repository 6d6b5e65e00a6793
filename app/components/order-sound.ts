/**
 * The order inbox's sound: a short chime made with the Web Audio API (no audio file), played
 * when a new order arrives and every 30 seconds while any order is still new. Browsers only
 * play sound after a click on the page, so the owner turns it on once with a button; the
 * choice is kept in localStorage, and on the next visit the browser may still want one tap
 * on the page before it lets the sound play (`blocked`).
 */
import { useCallback, useEffect, useRef, useState } from "react";

export const ORDER_SOUND_KEY = "orders-sound";
export const ORDER_SOUND_REPEAT_MS = 30_000;

/** off: not chosen; on: chosen and playing is allowed; blocked: chosen, the browser waits for a tap. */
export type OrderSoundState = "off" | "on" | "blocked";

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  if (typeof window === "undefined") return null;
  return (
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext ??
    null
  );
}

/** Two rising notes, soft at both ends: heard in a kitchen, not harsh. */
export function playChime(audio: AudioContext) {
  const start = audio.currentTime + 0.02;
  const notes: Array<[frequency: number, at: number]> = [
    [880, 0],
    [1318.5, 0.18],
    [880, 0.6],
    [1318.5, 0.78],
  ];
  for (const [frequency, at] of notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.5, start + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.35);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + at);
    oscillator.stop(start + at + 0.4);
  }
}

function storedChoice(): boolean {
  try {
    return window.localStorage.getItem(ORDER_SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

function storeChoice(on: boolean) {
  try {
    if (on) window.localStorage.setItem(ORDER_SOUND_KEY, "on");
    else window.localStorage.removeItem(ORDER_SOUND_KEY);
  } catch {
    // Private browsing without storage: the choice lasts as long as the page.
  }
}

/**
 * The sound's state and its two buttons' handlers. `newOrders` is how many orders are new
 * now: the chime plays when it grows and every 30 seconds while it is above zero.
 */
export function useOrderSound(newOrders: number) {
  const [state, setState] = useState<OrderSoundState>("off");
  const [supported, setSupported] = useState(true);
  const audio = useRef<AudioContext | null>(null);

  const context = useCallback((): AudioContext | null => {
    if (audio.current) return audio.current;
    const Class = audioContextClass();
    if (!Class) return null;
    audio.current = new Class();
    return audio.current;
  }, []);

  // The choice made on an earlier visit: the browser may still want a tap first.
  useEffect(() => {
    if (!audioContextClass()) {
      setSupported(false);
      return;
    }
    if (!storedChoice()) return;
    const audioContext = context();
    if (!audioContext) return;
    if (audioContext.state === "running") {
      setState("on");
      return;
    }
    setState("blocked");
    const unlock = () => {
      void audioContext.resume().then(() => {
        if (audioContext.state === "running") setState("on");
      });
    };
    document.addEventListener("pointerdown", unlock, { once: true });
    document.addEventListener("keydown", unlock, { once: true });
    return () => {
      document.removeEventListener("pointerdown", unlock);
      document.removeEventListener("keydown", unlock);
    };
  }, [context]);

  useEffect(() => () => void audio.current?.close(), []);

  const turnOn = useCallback(() => {
    const audioContext = context();
    if (!audioContext) {
      setSupported(false);
      return;
    }
    storeChoice(true);
    void audioContext.resume().then(() => {
      setState(audioContext.state === "running" ? "on" : "blocked");
      // Played at once, so the owner hears what it sounds like.
      if (audioContext.state === "running") playChime(audioContext);
    });
  }, [context]);

  const turnOff = useCallback(() => {
    storeChoice(false);
    setState("off");
  }, []);

  // A chime when more orders are new than before, then every 30 seconds while any is.
  const heard = useRef(newOrders);
  useEffect(() => {
    const previous = heard.current;
    heard.current = newOrders;
    if (state !== "on" || newOrders === 0 || !audio.current) return;
    const audioContext = audio.current;
    if (newOrders > previous) playChime(audioContext);
    const timer = window.setInterval(() => playChime(audioContext), ORDER_SOUND_REPEAT_MS);
    return () => window.clearInterval(timer);
  }, [newOrders, state]);

  return { state, supported, turnOn, turnOff };
}
