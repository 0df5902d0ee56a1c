import { dataOf, profileSchema, type Profile, type UpdateProfileInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession, useUser } from '../../../lib/session';
import { profileKeys } from './profile-keys';

const response = dataOf(profileSchema);

/** PATCH /api/profile with only what changed. */
export async function updateProfile(changes: UpdateProfileInput): Promise<Profile> {
  return (await api.patch('/api/profile', changes, response)).data;
}

/** Saves the details, then the session's user follows (the name in the header, the address). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const user = useUser();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.details(), profile);
      setSession(queryClient, {
        status: 'authenticated',
        user: {
          ...user,
          name: profile.name,
          email: profile.email,
          email_verified_at: profile.email_verified_at,
        },
      });
    },
  });
}
