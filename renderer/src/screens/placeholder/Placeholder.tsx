/** An honest "not built yet" screen: no fake data, a plain sentence about what will be here. */
import { Paper, Stack, Text, Title } from '@mantine/core';

export function Placeholder({ title, description }: { title: string; description: string }) {
  return (
    <Stack maw={640}>
      <Title order={2}>{title}</Title>
      <Paper withBorder p="lg" radius="md">
        <Text fw={600}>Not available in this version yet.</Text>
        <Text c="dimmed" mt="xs">
          {description}
        </Text>
      </Paper>
    </Stack>
  );
}
