import { useNavigation } from "@remix-run/react";

/** True while this form's submission (identified by its hidden `step`) is in flight. */
export function useIsSubmittingStep(step: number): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("step") === String(step) &&
    (navigation.formData?.get("intent") ?? "continue") === "continue"
  );
}
