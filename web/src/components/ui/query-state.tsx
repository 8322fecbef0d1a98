import { Alert, Button, EmptyState, HStack, VStack } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { SectionSpinner } from "./section-spinner";

interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T>, "data" | "isError" | "isFetching" | "refetch">;
  /** What was being read, for the error message: "your investments", "the packages". */
  what: string;
  /** Shown until the first answer; a spinner unless the screen has a skeleton of its own. */
  loading?: ReactNode;
  /** When the answer holds nothing, e.g. an empty list. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The three visible states of a server read (design §11): loading, an error with a Retry button, and the data or
 * its empty state. A failed read is never shown as an empty list; when a re-read fails after data arrived, the
 * data stays with a note above it.
 */
export function QueryState<T>({ query, what, loading, isEmpty, empty, children }: QueryStateProps<T>) {
  const retry = () => void query.refetch();
  if (query.data === undefined) {
    if (query.isError) return <LoadError what={what} retrying={query.isFetching} onRetry={retry} />;
    return loading ?? <SectionSpinner />;
  }
  return (
    <>
      {query.isError && <StaleNotice what={what} retrying={query.isFetching} onRetry={retry} />}
      {isEmpty?.(query.data) ? empty : children(query.data)}
    </>
  );
}

interface LoadErrorProps {
  what: string;
  retrying: boolean;
  onRetry: () => void;
}

export function LoadError({ what, retrying, onRetry }: LoadErrorProps) {
  return (
    <EmptyState.Root role="alert" borderWidth="1px" borderColor="border.error" borderRadius="lg" bg="bg">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>We could not load {what}</EmptyState.Title>
          <EmptyState.Description>
            This is a problem on the way, not an empty account. Check your connection, then try again.
          </EmptyState.Description>
        </VStack>
        <Button onClick={onRetry} loading={retrying} loadingText="Retrying">
          Retry
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function StaleNotice({ what, retrying, onRetry }: LoadErrorProps) {
  return (
    <Alert.Root status="warning" size="sm" role="alert">
      <Alert.Indicator />
      <HStack flex="1" justify="space-between" gap="3" wrap="wrap">
        <Alert.Description>We could not refresh {what}. What you see may be out of date.</Alert.Description>
        <Button size="xs" variant="outline" onClick={onRetry} loading={retrying} loadingText="Retrying">
          Retry
        </Button>
      </HStack>
    </Alert.Root>
  );
}
