import { Field, Input, InputGroup, RadioGroup, Spinner, Stack, Text } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { useQuery } from "@tanstack/react-query";
import { useDebouncedSearch } from "../../../components/admin/use-debounced-search";
import { SearchIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { findUsers } from "../api/find-users";
import { personName } from "../lib/unmatched-labels";

interface UserPickerProps {
  selected: User | null;
  onSelect: (user: User) => void;
  /** Shown under the search when no user is picked yet and the admin tries to go on. */
  error?: string;
  disabled: boolean;
}

/**
 * Finds the account to credit with the Users tab's search (name, email or phone number) and picks one. A
 * deactivated account is shown but cannot be picked: the server refuses to credit it.
 */
export function UserPicker({ selected, onSelect, error, disabled }: UserPickerProps) {
  const search = useDebouncedSearch();
  const found = useQuery({
    queryKey: [...queryKeys.admin.unmatchedPayments, "user-search", search.settled],
    queryFn: () => findUsers(search.settled),
    enabled: search.settled !== "",
  });
  const users = found.data ?? [];
  // The one picked stays on offer while the admin searches on, so the choice never silently disappears.
  const offered = selected && !users.some((user) => user._id === selected._id) ? [selected, ...users] : users;

  return (
    <Stack gap="3">
      <Field.Root required invalid={error !== undefined}>
        <Field.Label>
          Find user
          <Field.RequiredIndicator />
        </Field.Label>
        <InputGroup startElement={<SearchIcon color="fg.muted" />}>
          <Input
            type="search"
            placeholder="Name, email or phone number"
            value={search.text}
            onChange={(event) => search.setText(event.currentTarget.value)}
            // Enter searches (it already does as the admin types); it must not submit the resolution.
            onKeyDown={(event) => {
              if (event.key === "Enter") event.preventDefault();
            }}
            disabled={disabled}
          />
        </InputGroup>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      {found.isFetching && (
        <Text fontSize="sm" color="fg.muted" display="flex" alignItems="center" gap="2">
          <Spinner size="xs" /> Searching…
        </Text>
      )}
      {found.isError && (
        <Text fontSize="sm" color="fg.error">
          {errorMessage(found.error, "Failed to search users")}
        </Text>
      )}
      {found.isSuccess && users.length === 0 && !found.isFetching && (
        <Text fontSize="sm" color="fg.muted">
          No users match “{search.settled}”.
        </Text>
      )}
      {offered.length > 0 && (
        <RadioGroup.Root
          name="user"
          value={selected?._id ?? null}
          onValueChange={({ value }) => {
            const user = offered.find((candidate) => candidate._id === value);
            if (user) onSelect(user);
          }}
          disabled={disabled}
        >
          <RadioGroup.Label>User to credit</RadioGroup.Label>
          <Stack gap="2" mt="2">
            {offered.map((user) => (
              <RadioGroup.Item
                key={user._id}
                value={user._id}
                disabled={!user.isActive}
                alignItems="start"
                borderWidth="1px"
                borderRadius="md"
                p="2"
              >
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator mt="1" />
                <RadioGroup.ItemText minW="0">
                  <Text as="span" display="block" fontWeight="medium">
                    {personName(user)}
                    {!user.isActive && " (deactivated)"}
                  </Text>
                  <Text as="span" display="block" fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                    {user.email} · {user.phoneNumber}
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
    </Stack>
  );
}
