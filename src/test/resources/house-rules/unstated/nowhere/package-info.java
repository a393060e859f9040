/** A stage that does not say what it imports. */
package io.querytester.nowhere;
