import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its class map on its first call (tens of milliseconds on a phone): done
 * here, in a task of its own before the first render, rather than inside a hydration slice
 * (main.tsx; issue 23's Total Blocking Time).
 */
export function prepareClassMerge(): void {
  twMerge("p-0 p-1");
}
