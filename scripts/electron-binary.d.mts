export function electronBinary(): string | null;
