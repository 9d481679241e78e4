/**
 * A choice of a few (paper size, stock level): Mantine's SegmentedControl under a label of its own, which names the
 * group for assistive technology (the control has no label of its own). One part for every such choice, so each
 * screen's looks the same and none is left unnamed.
 */
import { SegmentedControl, Text, type SegmentedControlProps } from '@mantine/core';
import { useId } from 'react';

interface LabelledChoiceProps<T extends string> extends Omit<SegmentedControlProps, 'value' | 'onChange' | 'data'> {
  label: string;
  value: T;
  onChange(value: T): void;
  data: { value: T; label: string }[];
}

export function LabelledChoice<T extends string>({ label, value, onChange, data, ...rest }: LabelledChoiceProps<T>) {
  const id = useId();
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      <SegmentedControl
        {...rest}
        aria-labelledby={id}
        value={value}
        onChange={(chosen) => onChange(chosen as T)}
        data={data}
      />
    </div>
  );
}
